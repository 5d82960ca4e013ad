import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router'
import { expect, waitFor } from 'storybook/test'
import { routes } from '../site/routes.tsx'
import { company, siteCopy } from '../site/site-copy.ts'
import { withSiteStyles } from './site-decorators.tsx'
import { answerFunctionRequests } from './stand-in-functions.ts'

/** The site's own routes in memory, opened at `path`. */
function SitePage({ path, routeTable = routes }: { path: string; routeTable?: RouteObject[] }) {
  const [router] = useState(() => createMemoryRouter(routeTable, { initialEntries: [path] }))
  return <RouterProvider router={router} />
}

// Nothing to show while the failing loader runs; it fails at once.
function NoFallback() {
  return null
}

// The site's root route as it is, but failing to load: its error boundary takes the screen.
function failingRoutes(error: unknown): RouteObject[] {
  const [root] = routes
  return [
    {
      ...root,
      loader: () => {
        throw error
      },
      HydrateFallback: NoFallback,
    },
  ]
}

const meta = {
  title: 'Site/Pages',
  component: SitePage,
  decorators: [withSiteStyles],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SitePage>

export default meta
type Story = StoryObj<typeof meta>

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
    await canvas.findByRole('heading', { level: 1, name: siteCopy.requestDemo.heading })
    await waitFor(() =>
      expect(
        canvasElement.querySelector('demo-request')?.shadowRoot?.querySelector('form'),
      ).toBeTruthy(),
    )
  },
}

export const Privacy: Story = {
  args: { path: '/privacy' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: siteCopy.privacy.heading })
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
    await canvas.findByRole('heading', { level: 1, name: siteCopy.terms.heading })
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
    routeTable: failingRoutes(
      new Response(null, { status: 503, statusText: 'Service Unavailable' }),
    ),
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: siteCopy.routeError.heading })
    expect(canvas.getByText('503 Service Unavailable')).toBeVisible()
  },
}

export const RouteErrorWithMessage: Story = {
  args: { path: '/', routeTable: failingRoutes(new Error('The page could not be loaded')) },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: siteCopy.routeError.heading })
    expect(canvas.getByText('The page could not be loaded')).toBeVisible()
  },
}
