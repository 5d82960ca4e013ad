import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, waitFor } from 'storybook/test'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { RouteErrorBoundary } from '../site/pages/route-error-page.tsx'
import { SiteApp } from '../site/site-app.tsx'
import { company, siteCopy } from '../site/site-copy.ts'
import { withSiteStyles } from './site-decorators.tsx'
import { answerFunctionRequests } from './stand-in-functions.ts'

/** The site in memory, opened at `path`; or, given `failure`, a site whose page throws it. */
function SitePage({ path, failure }: { path: string; failure?: unknown }) {
  const [location] = useState(() => memoryLocation({ path }))
  return (
    <Router hook={location.hook}>
      {failure === undefined ? (
        <SiteApp />
      ) : (
        <RouteErrorBoundary>
          <FailingPage failure={failure} />
        </RouteErrorBoundary>
      )}
    </Router>
  )
}

function FailingPage({ failure }: { failure: unknown }): never {
  throw failure
}

const meta = {
  title: 'Site/Pages',
  component: SitePage,
  decorators: [withSiteStyles],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SitePage>

export default meta
type Story = StoryObj<typeof meta>

// Pages other than home are loaded when first opened (site/routes.tsx); on a cold Vite cache,
// under load, transforming one can take seconds, more than Testing Library's default 1 s.
const lazyPage = { timeout: 15_000 }

export const Home: Story = {
  args: { path: '/' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: siteCopy.hero.tagline }),
    ).toBeVisible()
  },
}

export const RequestDemo: Story = {
  args: { path: '/request-demo' },
  // The page's <demo-request> calls the function from the page's origin: the stand-in answers.
  beforeEach: () => answerFunctionRequests(),
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 1, name: siteCopy.requestDemo.heading }, lazyPage)
    await waitFor(
      () =>
        expect(
          canvasElement.querySelector('demo-request')?.shadowRoot?.querySelector('form'),
        ).toBeTruthy(),
      lazyPage,
    )
  },
}

export const Privacy: Story = {
  args: { path: '/privacy' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: siteCopy.privacy.heading }, lazyPage)
    for (const { heading } of siteCopy.privacy.sections) {
      expect(canvas.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    }
    expect(canvas.getAllByRole('link', { name: company.privacyEmail })[0]).toHaveAttribute(
      'href',
      `mailto:${company.privacyEmail}`,
    )
  },
}

export const Terms: Story = {
  args: { path: '/terms' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: siteCopy.terms.heading }, lazyPage)
    expect(canvas.getByRole('main').querySelector('a[href="/privacy"]')).toBeTruthy()
  },
}

export const NotFound: Story = {
  args: { path: '/no-such-page' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: siteCopy.notFound.heading })
    expect(canvas.getByRole('link', { name: siteCopy.notFound.home })).toHaveAttribute('href', '/')
  },
}

// The two things a routing error can carry: an HTTP status, or an exception's message.
export const RouteErrorWithStatus: Story = {
  args: {
    path: '/',
    failure: new Response(null, { status: 503, statusText: 'Service Unavailable' }),
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: siteCopy.routeError.heading })
    expect(canvas.getByText('503 Service Unavailable')).toBeVisible()
  },
}

export const RouteErrorWithMessage: Story = {
  args: { path: '/', failure: new Error('The page could not be loaded') },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: siteCopy.routeError.heading })
    expect(canvas.getByText('The page could not be loaded')).toBeVisible()
  },
}
