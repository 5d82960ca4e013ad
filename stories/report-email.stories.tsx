import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useRef } from 'react'
import { expect, waitFor } from 'storybook/test'
import type { StaffMe } from '#core/console-api.ts'
import { type ReportEmailInput, reportEmail } from '#shared/reports/report-email.ts'
import { type FunnelFixture, fakeFunnelReport } from '../tests/support/fake-console-funnel.ts'

type Reader = Pick<StaffMe, 'role' | 'sources'>

interface ReportEmailProps {
  cadence: ReportEmailInput['cadence']
  fixture: FunnelFixture
  reader: Reader
}

const days = {
  weekly: { from: '2026-11-16', to: '2026-11-22' },
  monthly: { from: '2026-10-01', to: '2026-10-31' },
}

function emailOf({ cadence, fixture, reader }: ReportEmailProps) {
  const { from, to } = days[cadence]
  return reportEmail({
    cadence,
    from,
    to,
    report: fakeFunnelReport(fixture, reader, { from, to }),
    sources: reader.role === 'partner' ? reader.sources : null,
    links: {
      console: `https://firm.example/console?view=funnel&range=custom&from=${from}&to=${to}`,
      unsubscribe: `https://project.supabase.example/functions/v1/send-demo-request/unsubscribe?token=${'0'.repeat(64)}`,
    },
  })
}

/**
 * The emailed funnel report (supabase/functions/_shared/reports/report-email.ts) over the fake's
 * fixtures, its body in a shadow root as a mail client shows it: inline styles only, so nothing of
 * the canvas's reaches it and nothing of its own leaks out.
 */
function ReportEmail(props: ReportEmailProps) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = host.current
    if (!element) return
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' })
    root.innerHTML = new DOMParser().parseFromString(
      emailOf(props).html,
      'text/html',
    ).body.innerHTML
  }, [props])
  return <div ref={host} />
}

const meta = {
  title: 'Console/Report email',
  component: ReportEmail,
  parameters: { layout: 'fullscreen', language: false },
} satisfies Meta<typeof ReportEmail>

export default meta
type Story = StoryObj<typeof meta>

const rootOf = (canvasElement: HTMLElement) => canvasElement.querySelector('div')?.shadowRoot

export const Weekly: Story = {
  name: 'Weekly, every source',
  args: { cadence: 'weekly', fixture: 'busy', reader: { role: 'owner', sources: [] } },
  play: async ({ canvasElement, args }) => {
    const root = rootOf(canvasElement)
    await waitFor(() =>
      expect(root?.querySelector('h1')).toHaveTextContent('Your weekly funnel report'),
    )
    // Each top list holds five rows at most, under its header row.
    for (const table of [...(root?.querySelectorAll('table table table') ?? [])].slice(1)) {
      expect(table.querySelectorAll('tr').length).toBeLessThanOrEqual(6)
    }
    expect(root?.textContent).toContain(emailOf(args).text.split('\n')[1] ?? '')
  },
}

export const Monthly: Story = {
  name: 'Monthly',
  args: { cadence: 'monthly', fixture: 'quiet', reader: { role: 'marketing', sources: [] } },
  play: async ({ canvasElement }) => {
    const root = rootOf(canvasElement)
    await waitFor(() =>
      expect(root?.querySelector('h1')).toHaveTextContent('Your monthly funnel report'),
    )
    expect(root?.textContent).toContain('October 2026')
    expect(root?.textContent).toContain('Month before')
  },
}

export const Partner: Story = {
  name: "A partner's week",
  args: {
    cadence: 'weekly',
    fixture: 'quiet',
    reader: { role: 'partner', sources: ['partner-acme'] },
  },
  play: async ({ canvasElement }) => {
    const root = rootOf(canvasElement)
    await waitFor(() => expect(root?.textContent).toContain('Your sources: partner-acme.'))
    // The fixture's other source and its page are not the partner's: the report names neither.
    expect(root?.textContent).not.toContain('firm.example/request-demo')
    expect(root?.textContent).not.toMatch(/\bsite\b/)
  },
}
