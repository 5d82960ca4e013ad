// The emailed report as a mail client draws it: Chromium at a phone's 390 px and a desktop's
// 1280 px, with nothing wider than the window, whatever the report holds (the busy fixture's long
// page addresses and `other` rows, a partner's one page, a month); nothing fetched, every name
// escaped, and the plain-text part saying what the HTML says.
import { describe, expect, it } from 'vitest'
import { type FunnelReport, funnelStepNames, type StaffMe } from '#core/console-api.ts'
import { funnelStepLabels } from '#core/funnel-step-words.ts'
import { chromiumForFile } from '../../../../tests/support/chromium.ts'
import {
  type FunnelFixture,
  fakeFunnelReport,
} from '../../../../tests/support/fake-console-funnel.ts'
import { type ReportEmailInput, reportEmail } from './report-email.ts'

const browser = chromiumForFile()

const links = {
  console: 'https://firm.example/console?view=funnel&range=custom&from=2026-11-16&to=2026-11-22',
  unsubscribe: `https://project.supabase.example/functions/v1/send-demo-request/unsubscribe?token=${'a'.repeat(64)}`,
}
type Reader = Pick<StaffMe, 'role' | 'sources'>
const partner: Reader = { role: 'partner', sources: ['partner-acme'] }
const everyone: Reader = { role: 'owner', sources: [] }

function input(
  fixture: FunnelFixture,
  me: Reader,
  cadence: 'weekly' | 'monthly',
): ReportEmailInput {
  const [from, to] =
    cadence === 'weekly' ? ['2026-11-16', '2026-11-22'] : ['2026-10-01', '2026-10-31']
  const report = fakeFunnelReport(fixture, me, { from, to })
  return { cadence, from, to, report, sources: me.role === 'partner' ? me.sources : null, links }
}

const emails = {
  'a busy week, every source': input('busy', everyone, 'weekly'),
  "a partner's week": input('onePage', partner, 'weekly'),
  'a quiet month': input('quiet', everyone, 'monthly'),
}

describe('the emailed report', () => {
  it.each([390, 1280])('fits a %i px window in Chromium, each of its kinds', async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } })
    const fetched: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith('data:') && request.url() !== 'about:blank')
        fetched.push(request.url())
    })
    for (const [kind, each] of Object.entries(emails)) {
      const { html } = reportEmail(each)
      await page.setContent(html)
      const widest = await page.evaluate(() => {
        const right = Math.max(
          ...[...document.querySelectorAll('body *')].map(
            (element) => element.getBoundingClientRect().right,
          ),
        )
        return { scroll: document.documentElement.scrollWidth, right, window: window.innerWidth }
      })
      expect(widest.scroll, kind).toBeLessThanOrEqual(widest.window)
      expect(widest.right, kind).toBeLessThanOrEqual(widest.window)
      const heading = await page.getByRole('heading', { level: 1 }).textContent()
      expect(heading, kind).toBe(`Your ${each.cadence} funnel report`)
    }
    expect(fetched).toEqual([])
    await page.close()
  })

  it('fetches nothing, escapes every name, and says the same in its plain text', () => {
    const each = input('quiet', everyone, 'weekly')
    const forged = '<img src=x onerror=alert(1)>'
    const report: FunnelReport = {
      ...each.report,
      bySource: [
        { ...(each.report.bySource[0] as FunnelReport['bySource'][number]), source: forged },
      ],
    }
    const { html, text, subject } = reportEmail({ ...each, report })
    // Nothing to fetch, and under the 102 KB past which Gmail clips a message.
    const plain = reportEmail(input('busy', everyone, 'weekly')).html
    expect(plain).not.toMatch(/<(script|link|img|style|iframe)\b|\ssrc=|url\(/i)
    expect(new TextEncoder().encode(plain).length).toBeLessThan(102_000)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('<meta name="color-scheme" content="light dark">')
    for (const step of funnelStepNames) {
      expect(text).toContain(`${funnelStepLabels[step]}: `)
      expect(html).toContain(`>${funnelStepLabels[step]}</td>`)
    }
    expect(text).toContain(forged)
    expect(text).toContain(links.console)
    expect(text).toContain(links.unsubscribe)
    expect(subject).toBe(
      `Your weekly funnel, November 16, 2026 to November 22, 2026: ${report.totals.views.toLocaleString('en-US')} views, ${report.totals.sent.toLocaleString('en-US')} sent`,
    )
  })
})
