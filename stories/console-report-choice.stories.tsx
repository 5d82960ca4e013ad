import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { consoleCopy } from '../site/console/console-copy.ts'
import { ConsoleStory, consoleStoryFrame, fakeHolder } from './console-story.tsx'

/**
 * "Email me this funnel" (site/console/reports/report-choice.tsx), under the funnel view of
 * every role: the person's own report, none, weekly or monthly, saved on the fake API.
 */
const meta = {
  title: 'Console/Report choice',
  component: ConsoleStory,
  ...consoleStoryFrame,
} satisfies Meta<typeof ConsoleStory>

export default meta
type Story = StoryObj<typeof meta>

const words = consoleCopy.report
const made = fakeHolder()

export const Choosing: Story = {
  name: 'A partner chooses a weekly report',
  args: {
    role: 'partner',
    path: '/console?view=funnel&range=7',
    funnel: 'onePage',
    onFake: made.onFake,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const section = within(await canvas.findByRole('region', { name: words.heading }))
    const none = await section.findByRole('radio', { name: words.cadences.none })
    expect(none).toBeChecked()
    await userEvent.click(section.getByRole('radio', { name: words.cadences.weekly }))
    await userEvent.click(section.getByRole('button', { name: words.save }))
    expect(await section.findByText(words.saved('weekly'))).toHaveAttribute('role', 'status')
    expect(await made.fake().api.report()).toEqual({ cadence: 'weekly' })
  },
}

export const Chosen: Story = {
  name: 'A monthly report chosen',
  args: {
    role: 'marketing',
    path: '/console?view=funnel&range=7',
    funnel: 'quiet',
    report: 'monthly',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const section = within(await canvas.findByRole('region', { name: words.heading }))
    expect(await section.findByRole('radio', { name: words.cadences.monthly })).toBeChecked()
  },
}

// A phone's width: the choices wrap, and the page never scrolls sideways.
export const Narrow: Story = {
  name: '320 px wide',
  args: { role: 'sales', path: '/console?view=funnel&range=7', funnel: 'quiet', width: 320 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('region', { name: words.heading })
    expect(canvasElement.querySelector<HTMLElement>('[data-console-page]')?.scrollWidth).toBe(320)
  },
}
