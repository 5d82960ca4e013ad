// The funnel on a page opened from a campaign (issue 41): the batch the form sends carries the
// campaign a lead from the page carries, the console's per-campaign view names it, and whatever
// is stored of the page has no query.
import type { Request } from 'playwright-core'
import { expect, inject, it } from 'vitest'
import type { FunnelReport } from '#core/console-api.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { consoleCall, ownerLink, ownerToken } from '../support/console-scenario.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { sendSampleLead } from '../support/sample-lead-form.ts'
import { waitUntil } from '../support/wait-until.ts'
import { funnelRows, storedLeadRecords } from './leads.ts'
import { openSitePage, siteUrl, visit } from './site-page.ts'

const browser = chromiumForFile()
const dayMs = 24 * 60 * 60 * 1000

const isBatch = (request: Request) =>
  request.method() === 'POST' &&
  new URL(request.url()).pathname.endsWith('/send-demo-request/events')

/** The `site` row of `npm run insights` for `page`, its counts as numbers; zeros before any. */
async function siteCounts(page: string) {
  const row = (await funnelRows('site')).find((candidate) => candidate.page === page)
  return { views: Number(row?.views ?? 0), sent: Number(row?.sent ?? 0) }
}

it('a lead sent from a page opened from a campaign: its batch carries the campaign, and no stored page has a query', async () => {
  const formPage = siteUrl('/request-demo')
  const before = await siteCounts(formPage)
  const { page, pageErrors, close } = await openSitePage(browser)
  // Each batch the page sent, with the function's answer, as the network saw it.
  const batches: { body: Record<string, unknown>; status: number }[] = []
  page.on('requestfinished', async (request) => {
    if (!isBatch(request)) return
    const status = (await request.response())?.status() ?? 0
    batches.push({ body: JSON.parse(request.postData() ?? '{}'), status })
  })
  const companyName = `${sampleLead.companyName} campaign ${Date.now()}`
  await visit(page, '/request-demo?utm_campaign=spring-2027&utm_source=newsletter#form')
  await sendSampleLead(page, companyName)

  // The batch after the send: the view, the start and the send, with the campaign.
  const [batch] = await waitUntil(() => batches.length > 0 && batches, {
    timeoutMs: 30_000,
    what: 'the funnel batch after the send',
  })
  expect(batch?.status).toBe(204)
  expect(batch?.body).toMatchObject({
    source: 'site',
    page: formPage,
    utmSource: 'newsletter',
    utmCampaign: 'spring-2027',
  })
  expect(batch?.body.events).toEqual(
    expect.arrayContaining([{ event: 'shown' }, { event: 'started' }, { event: 'send-tried' }]),
  )
  expect(pageErrors).toEqual([])
  await close()

  // The lead carries the same campaign.
  const [lead] = await storedLeadRecords(companyName)
  expect(lead).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'spring-2027' })

  // Read from the database as `npm run insights` reads it: the view and the lead under the page
  // alone (the counters' page, the lead's page_url cut), and no page of the site with a query.
  await waitUntil(
    async () => {
      const now = await siteCounts(formPage)
      return now.views > before.views && now.sent > before.sent
    },
    { timeoutMs: 60_000, what: `the view and the lead counted under ${formPage}` },
  )
  const pages = (await funnelRows('site')).map((row) => row.page)
  expect(pages).toContain(formPage)
  for (const stored of pages) expect(stored).not.toMatch(/[?#]/)

  // The console's per-campaign view, as the owner reads it, names the campaign with this view and
  // this lead (counted on the local server's day, UTC: yesterday too, should midnight pass).
  const server = { url: siteUrl('/'), dataDir: inject('dataDir'), output: () => '' }
  const token = await ownerToken(server, await ownerLink(server))
  const day = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 10)
  const reply = await consoleCall(
    server,
    token,
    `funnel?from=${day(-dayMs)}&to=${day(0)}&source=site`,
  )
  expect(reply.status).toBe(200)
  const report = (await reply.json()) as FunnelReport
  const spring = report.byCampaign.find(
    (row) => row.utmSource === 'newsletter' && row.utmCampaign === 'spring-2027',
  )
  expect(spring?.views).toBeGreaterThanOrEqual(1)
  expect(spring?.sent).toBeGreaterThanOrEqual(1)
  for (const { page: stored } of report.byPage) expect(stored).not.toMatch(/[?#]/)
}, 90_000)
