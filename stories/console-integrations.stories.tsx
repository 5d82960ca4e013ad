import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { consoleCopy } from '../site/console/console-copy.ts'
import { formatInstant } from '../site/console/console-dates.ts'
import { ConsoleStory, consoleStoryFrame } from './console-story.tsx'

/**
 * The owner's Integrations view (site/console/integrations/integrations-view.tsx) over the
 * fake's destinations (tests/support/fake-console-integrations.ts): one story per state.
 */
const meta = {
  title: 'Console/Integrations',
  component: ConsoleStory,
  ...consoleStoryFrame,
  args: { role: 'owner', path: '/console?view=integrations' },
} satisfies Meta<typeof ConsoleStory>

export default meta
type Story = StoryObj<typeof meta>

const words = consoleCopy.integrations

/** The table's row for a destination, by its name in the first column. */
async function rowOf(canvasElement: HTMLElement, name: string) {
  const canvas = within(canvasElement)
  const cell = await canvas.findByRole('rowheader', { name })
  const row = cell.closest('tr')
  if (!row) throw new Error(`No row for ${name}`)
  return within(row)
}

export const AllSetAndHealthy: Story = {
  args: { integrations: 'healthy' },
  play: async ({ canvasElement }) => {
    const slack = await rowOf(canvasElement, words.names.slack)
    expect(slack.getByText(words.isSet)).toBeVisible()
    expect(slack.getByText(words.noDead)).toBeVisible()
    expect(slack.queryByRole('button', { name: words.retry(words.names.slack) })).toBeNull()
    await userEvent.click(slack.getByRole('button', { name: words.test(words.names.slack) }))
    expect(await slack.findByRole('status')).toHaveTextContent(words.testOk(words.names.slack))
  },
}

export const DeadLetters: Story = {
  args: { integrations: 'dead' },
  play: async ({ canvasElement }) => {
    const hubspot = await rowOf(canvasElement, words.names.hubspot)
    // The reply that failed each is shown beside it.
    expect(hubspot.getAllByText(/HubSpot answered 401/)).toHaveLength(2)
    // And when its last try failed, hours after it was queued.
    for (const at of ['2026-11-28T19:47:00Z', '2026-11-28T18:05:00Z']) {
      expect(hubspot.getByText(words.failedAt(formatInstant(at)))).toHaveAttribute('datetime', at)
    }
    await userEvent.click(hubspot.getByRole('button', { name: words.test(words.names.hubspot) }))
    expect(await hubspot.findByRole('alert')).toHaveTextContent(
      words.testFailed(words.names.hubspot, 'HubSpot answered 401'),
    )
    await userEvent.click(hubspot.getByRole('button', { name: words.retry(words.names.hubspot) }))
    expect(await hubspot.findByRole('status')).toHaveTextContent(
      words.retried(words.names.hubspot, 2),
    )
    // Once retried the dead letters wait for the job runner, and the button goes.
    expect(await hubspot.findByText(words.noDead)).toBeVisible()
    expect(hubspot.queryByRole('button', { name: words.retry(words.names.hubspot) })).toBeNull()
    const teams = await rowOf(canvasElement, words.names.teams)
    expect(teams.getByText(words.notSet)).toBeVisible()
  },
}

export const NothingSet: Story = {
  args: { integrations: 'unset' },
  play: async ({ canvasElement }) => {
    for (const name of Object.values(words.names)) {
      const row = await rowOf(canvasElement, name)
      expect(row.getByText(words.notSet)).toBeVisible()
      expect(row.getByText(words.never)).toBeVisible()
      expect(row.queryByRole('button')).toBeNull()
    }
  },
}
