import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useRef } from 'react'
import { expect, waitFor } from 'storybook/test'
import { insightsHtml } from '../server/insights-page/insights-html.ts'
import { buildInsights } from '../server/insights-page/insights-report.ts'
import { sampleCounts, sampleRange } from '../server/insights-page/sample-counts.ts'

/**
 * The page `npm run insights -- --html FILE` writes (docs/analytics.md), from a fortnight of
 * sample counters: its own styles and its body, in a shadow root so the canvas's styles stay out.
 */
function InsightsReport({ source }: { source: string | null }) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = host.current
    if (!element) return
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' })
    const page = new DOMParser().parseFromString(
      insightsHtml(buildInsights(sampleCounts, { ...sampleRange, source })),
      'text/html',
    )
    root.innerHTML = `${page.head.querySelector('style')?.outerHTML ?? ''}${page.body.innerHTML}`
  }, [source])
  return <div ref={host} />
}

const meta = {
  title: 'Operators/Insights report',
  component: InsightsReport,
  args: { source: null },
  parameters: { layout: 'fullscreen', language: false },
} satisfies Meta<typeof InsightsReport>

export default meta
type Story = StoryObj<typeof meta>

export const EverySource: Story = {
  name: 'Every source',
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('div')?.shadowRoot
    await waitFor(() => expect(root?.querySelector('h1')).toHaveTextContent('Demo-request funnel'))
    expect(root?.querySelectorAll('table tbody tr')).toHaveLength(4)
    expect(root?.querySelector('svg')).toHaveAttribute('role', 'img')
  },
}

export const OneSource: Story = {
  name: 'One source',
  args: { source: 'partner-acme' },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('div')?.shadowRoot
    await waitFor(() => expect(root?.querySelectorAll('table tbody tr')).toHaveLength(2))
  },
}

export const NothingCounted: Story = {
  name: 'Nothing counted',
  args: { source: 'partner-without-views' },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('div')?.shadowRoot
    await waitFor(() => expect(root?.textContent).toContain('Nothing counted in these days.'))
  },
}
