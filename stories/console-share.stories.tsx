import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { SharedFunnel, StaffMe } from '#core/console-api.ts'
import consoleStyles from '../site/console/console.css?inline'
import { consoleCopy } from '../site/console/console-copy.ts'
import { formatCount } from '../site/console/funnel/funnel-format.ts'
import {
  SharedFunnelApp,
  SharedFunnelScreen,
  type SharedState,
} from '../site/console/share/shared-funnel.tsx'
import { fakeFunnelReport } from '../tests/support/fake-console-funnel.ts'
import { ConsoleStory, consoleStoryFrame } from './console-story.tsx'

/**
 * Share links (docs/console.md#share-links): the owner's list and revoking, marketing's form,
 * and the page a link opens, shown and gone (410), over the fake API and funnel fixtures.
 */
const meta = {
  title: 'Console/Share links',
  component: ConsoleStory,
  ...consoleStoryFrame,
} satisfies Meta<typeof ConsoleStory>

export default meta
type Story = StoryObj<typeof meta>

const words = consoleCopy.share

export const OwnersLinks: Story = {
  name: 'The owner’s links, one revoked',
  args: { role: 'owner', path: '/console?view=share' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = await canvas.findByRole('table', { name: words.caption })
    const rows = within(table).getAllByRole('row').slice(1)
    // Every link, whoever made it: its view, sources, maker, openings and state.
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('The last 30 days')
    expect(rows[0]).toHaveTextContent('partner-acme')
    expect(rows[0]).toHaveTextContent('marketing@firm.example')
    expect(rows[1]).toHaveTextContent(/Revoked/)
    expect(rows[2]).toHaveTextContent(words.expired)
    await userEvent.click(
      within(rows[0] as HTMLElement).getByRole('button', { name: /Revoke the link/ }),
    )
    await userEvent.click(await canvas.findByRole('button', { name: words.revokeForGood }))
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Revoked/))
  },
}

export const MakeALink: Story = {
  name: 'Marketing makes a link',
  args: { role: 'marketing', path: '/console?view=share' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Marketing sees its own link only.
    const table = await canvas.findByRole('table', { name: words.caption })
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    await userEvent.selectOptions(canvas.getByLabelText(words.days), 'custom')
    await userEvent.type(canvas.getByLabelText(words.from), '2026-11-01')
    await userEvent.type(canvas.getByLabelText(words.to), '2026-11-27')
    await userEvent.type(canvas.getByLabelText(words.sources), 'partner-acme, site')
    await userEvent.selectOptions(canvas.getByLabelText(words.expires), '7')
    await userEvent.click(canvas.getByRole('button', { name: words.make }))
    const link = await canvas.findByLabelText(words.linkLabel)
    expect(link).toHaveValue(`https://firm.example/share#${'T'.repeat(42)}4`)
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('partner-acme, site')
  },
}

export const PartnerCannot: Story = {
  name: 'A partner has no share links',
  args: { role: 'partner', path: '/console?view=share' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The view is not offered; the address falls back to the partner's funnel.
    await canvas.findByRole('heading', { name: /Funnel/, level: 1 })
    expect(canvas.queryByRole('link', { name: consoleCopy.views.share })).toBeNull()
  },
}

const reader: Pick<StaffMe, 'role' | 'sources'> = { role: 'marketing', sources: [] }
const shared: SharedFunnel = {
  report: fakeFunnelReport('quiet', reader, { from: '2026-11-01', to: '2026-11-30' }),
  expiresAt: '2026-12-31T12:00:00Z',
}

function Screen({ state }: { state: SharedState }) {
  return (
    <>
      <style>{consoleStyles}</style>
      <SharedFunnelScreen state={state} />
    </>
  )
}

export const SharedPage: StoryObj<typeof Screen> = {
  name: 'The shared page',
  render: () => (
    <>
      <style>{consoleStyles}</style>
      <SharedFunnelApp hash={`#${'T'.repeat(43)}`} open={async () => shared} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { name: words.page.heading, level: 1 })
    for (const step of ['views', 'sent'] as const) {
      expect(
        canvasElement.querySelector(`[data-step="${step}"] .funnel-step__n`),
      ).toHaveTextContent(formatCount(shared.report.totals[step]))
    }
    expect(canvas.getByText(/This link expires/)).toBeVisible()
    // Nothing of the console's own: no sign out, no navigation, no person.
    expect(canvas.queryByRole('button', { name: consoleCopy.signOut })).toBeNull()
    expect(canvas.queryByRole('navigation')).toBeNull()
  },
}

export const GonePage: StoryObj<typeof Screen> = {
  name: 'A revoked link (410)',
  render: () => (
    <Screen
      state={{
        name: 'refused',
        status: 410,
        message: 'This link was revoked by whoever shared it. Ask them for a new one.',
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    expect(canvas.getByRole('heading', { name: words.page.goneHeading })).toBeVisible()
    expect(canvas.getByRole('alert')).toHaveTextContent(/Ask them for a new one/)
  },
}

export const NoToken: StoryObj<typeof Screen> = {
  name: 'An address without its token',
  render: () => (
    <>
      <style>{consoleStyles}</style>
      <SharedFunnelApp hash="" open={() => Promise.reject(new Error('not asked'))} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { name: words.page.notFoundHeading })
    expect(canvas.getByRole('alert')).toHaveTextContent(words.page.noToken)
  },
}

export const Opening: StoryObj<typeof Screen> = {
  name: 'Opening (the prerendered page)',
  render: () => <Screen state={{ name: 'opening' }} />,
}
