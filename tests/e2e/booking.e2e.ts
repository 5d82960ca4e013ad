// Route and book on the spot, end to end: `npm start` with the example rules, each with
// `book` on a stand-in booking page of another origin; a visitor on the site's /request-demo and
// on a partner page (the loader, a third origin) sends the form, books in the panel's frame, and
// the provider's signed webhook marks the lead booked for `npm run leads`. One server a provider,
// since a rule list routes the 200+ firms to one page. Driven in Debian's Chromium.
import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formCopy } from '#core/form-copy.ts'
import type { BookingProvider } from '#core/next-step.ts'
import {
  type BookingStandIn,
  type StandInRecord,
  startBookingStandIn,
} from '../support/booking-stand-in.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { fillSampleLead } from '../support/sample-lead-form.ts'
import { scratchFolder } from '../support/scratch-folder.ts'
import type { ServerProcess } from '../support/start-server-process.ts'
import { nothingStored, storedOnDevice } from '../support/stored-on-device.ts'
import {
  type Delivery,
  exampleRoutes,
  postDelivery,
  routeMessage,
  signedDelivery,
  startRoutingServer,
} from './booking-backend.ts'
import { waitForLiveForm } from './early-typing.ts'
import { funnelRowShowing, runInsights, runLeads, storedLeadRecords } from './leads.ts'
import { openSitePage } from './site-page.ts'

const providers: readonly BookingProvider[] = ['cal', 'calendly']
const providerNames: Record<BookingProvider, string> = { cal: 'Cal.com', calendly: 'Calendly' }

let tempDir: string
let standIn: BookingStandIn
let partner: Server
let partnerOrigin: string
const countedSource = 'partner-counted'
const strictSource = 'partner-strict'
const backends = new Map<BookingProvider, { server: ServerProcess; dataDir: string }>()
// The partner's pages, by path: each embeds only the loader of one provider's server.
const partnerPages = new Map<string, string>()

beforeAll(async () => {
  tempDir = await scratchFolder('booking-e2e-')
  standIn = await startBookingStandIn()
  partner = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://partner').pathname
    const html = partnerPages.get(path)
    response.writeHead(html ? 200 : 404, {
      'content-type': 'text/html; charset=utf-8',
      // A partner page that sends no referrer (Firefox's beacons from it say `Origin: null`).
      ...(path === '/strict' && { 'referrer-policy': 'no-referrer' }),
    })
    response.end(html ?? 'Not found')
  })
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
  partnerOrigin = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`

  // Both at once; each one that started is kept, for afterAll to stop even if the other failed.
  const started = await Promise.allSettled(
    providers.map(async (provider) => {
      const dataDir = join(tempDir, `pglite-${provider}`)
      const book = provider === 'cal' ? standIn.calPage() : standIn.calendlyPage()
      const server = await startRoutingServer(exampleRoutes(provider, book), dataDir, partnerOrigin)
      backends.set(provider, { server, dataDir })
      const widget = new URL(server.url).origin
      partnerPages.set(
        `/${provider}`,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script src="${widget}/widget/demo-request-loader.js" defer></script></head>
<body><h1>Partner</h1><demo-request supabase-url="${widget}" source="partner-e2e"></demo-request></body></html>`,
      )
    }),
  )
  for (const result of started) if (result.status === 'rejected') throw result.reason
  // The partner page whose funnel is counted, on the Cal.com server, under a source of its own.
  const cal = new URL(backend('cal').server.url).origin
  partnerPages.set(
    '/counted',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script src="${cal}/widget/demo-request-loader.js" defer></script></head>
<body><h1>Partner</h1><demo-request supabase-url="${cal}" source="${countedSource}"></demo-request></body></html>`,
  )
  partnerPages.set(
    '/strict',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script src="${cal}/widget/demo-request-loader.js" defer></script></head>
<body><h1>Partner</h1><demo-request supabase-url="${cal}" source="${strictSource}"></demo-request></body></html>`,
  )
}, 120_000)

afterAll(async () => {
  await Promise.all([...backends.values()].map(({ server }) => server.stop()))
  partner?.closeAllConnections()
  await new Promise((resolve) => partner?.close(resolve))
  await standIn?.close()
  if (tempDir) await rm(tempDir, { recursive: true, force: true })
})

// Declared after the servers' hooks, so it closes before them (afterAll runs last-first).
const browser = chromiumForFile()

const backend = (provider: BookingProvider) => {
  const found = backends.get(provider)
  if (!found) throw new Error(`the ${provider} server did not start`)
  return found
}

type Heard = { name: string; detail: unknown }[]

/** `url` in a fresh context, hearing the element's success and booked events on the document. */
async function open(url: string) {
  const opened = await openSitePage(browser)
  await opened.page.addInitScript(() => {
    const heard: Heard = []
    Object.assign(window, { heard })
    for (const name of ['demo-request-success', 'demo-request-booked']) {
      document.addEventListener(name, (event) =>
        heard.push({ name, detail: (event as CustomEvent).detail }),
      )
    }
  })
  await opened.page.goto(url)
  return opened
}

/** The detail of the first `name` event the page heard, once it has. */
async function heard(page: Page, name: string): Promise<unknown> {
  const found = await page.waitForFunction(
    (name) => (window as unknown as { heard: Heard }).heard.find((event) => event.name === name),
    name,
  )
  return ((await found.jsonValue()) as Heard[number]).detail
}

/** The site's own /request-demo on `provider`'s server, hydrated. */
async function openSiteForm(provider: BookingProvider) {
  const opened = await open(new URL('/request-demo', backend(provider).server.url).href)
  await opened.page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  return opened
}

/** The partner's page on its own origin, once the loader has handed over to the full widget. */
async function openPartnerForm(provider: BookingProvider) {
  const opened = await open(`${partnerOrigin}/${provider}`)
  await waitForLiveForm(opened.page)
  return opened
}

/** Sends the sample lead as a firm of `companySize`, and waits for the spec's toast. */
async function sendAs(page: Page, companyName: string, companySize: string) {
  await fillSampleLead(page, companyName)
  await page.getByLabel(formCopy.fields.companySize.label).selectOption(companySize)
  await page.getByRole('button', { name: formCopy.submit, exact: true }).click()
  await page.getByText(formCopy.success.title).waitFor()
}

const stage = (page: Page, name: string) =>
  page.locator(`demo-request section[part="booking"][data-stage="${name}"]`).waitFor()

const focusedText = (page: Page) =>
  page.evaluate(
    () => document.querySelector('demo-request')?.shadowRoot?.activeElement?.textContent,
  )

const fullName = `${sampleLead.firstName} ${sampleLead.lastName}`

// What each provider's page is framed with. No email: the build asks for none
// (DEMO_REQUEST_FIELDS unset), and the function fills in only what the lead has.
const framedPage: Record<
  BookingProvider,
  { path: string; idKey: string; query: (requestId: string, host: string) => object }
> = {
  cal: {
    path: '/cal/acme/demo/embed',
    idKey: 'metadata[demoRequestId]',
    query: (requestId) => ({
      name: fullName,
      'metadata[demoRequestId]': requestId,
      embed: '',
      embedType: 'inline',
    }),
  },
  calendly: {
    path: '/calendly/acme/demo',
    idKey: 'utm_content',
    query: (requestId, host) => ({
      name: fullName,
      embed_domain: host,
      utm_content: requestId,
      embed_type: 'Inline',
    }),
  },
}

/**
 * Sends the form as a 200+ firm on `page` (whose host is `host`), checks the framed booking page
 * got the lead's prefill, confirms there, and returns the requestId once the element has
 * dispatched `demo-request-booked`.
 */
async function bookInPanel(
  provider: BookingProvider,
  page: Page,
  host: string,
  companyName: string,
): Promise<string> {
  await sendAs(page, companyName, '200+ employees')
  const { requestId } = (await heard(page, 'demo-request-success')) as { requestId: string }
  expect(requestId).toEqual(expect.any(String))

  const framed = framedPage[provider]
  const ofThisLead = (kind: StandInRecord['kind']) => (record: StandInRecord) =>
    record.provider === provider && record.kind === kind && record.query[framed.idKey] === requestId
  const visit = await standIn.waitFor(ofThisLead('visit'))
  expect(visit.path).toBe(framed.path)
  expect(visit.query).toEqual(framed.query(requestId, host))
  // The page showed itself: for Cal.com only once the panel answered its __iframeReady.
  await standIn.waitFor(ofThisLead('shown'))
  await stage(page, 'shown')
  expect(await focusedText(page)).toBe(formCopy.booking.heading)
  // The frame sits in the element's shadow root, in the form's place.
  expect(await page.getByLabel(formCopy.fields.companyName.label).isVisible()).toBe(false)
  const frame = page.frameLocator('demo-request iframe')
  expect(await frame.locator('#name').textContent()).toBe(fullName)

  await frame.getByRole('button', { name: 'Confirm' }).click()
  expect(await heard(page, 'demo-request-booked')).toEqual({ requestId })
  await stage(page, 'booked')
  expect(await page.getByText(formCopy.booking.booked).isVisible()).toBe(true)
  await standIn.waitFor(ofThisLead('booked'))
  return requestId
}

const startTime = '2026-12-01T15:00:00.000Z'

/**
 * The provider's webhook for the lead: a wrong signature changes nothing, the signed delivery
 * marks the lead booked, and `npm run leads` shows it in the CSV and the table.
 */
async function bookingComesBack(provider: BookingProvider, requestId: string, company: string) {
  const { server, dataDir } = backend(provider)
  const bookingId =
    provider === 'cal'
      ? `e2e-${requestId}`
      : `https://api.calendly.com/scheduled_events/E2E${requestId}/invitees/E2E${requestId}`
  const created: Delivery = {
    provider,
    created: true,
    requestId,
    bookingId,
    startTime,
    timeZone: 'America/Chicago',
  }
  const canceled: Delivery = { ...created, created: false }

  expect(await postDelivery(server, provider, signedDelivery(created, 'not-the-secret'))).toBe(401)
  // Neither that nor the browser's booked message changed the lead.
  const [before] = await storedLeadRecords(company, dataDir)
  expect(before).toMatchObject({ id: requestId, route_rule: '1', booking_state: '' })

  expect(await postDelivery(server, provider, signedDelivery(created))).toBe(200)
  expect(await postDelivery(server, provider, signedDelivery(canceled, 'not-the-secret'))).toBe(401)
  const unsigned = { body: signedDelivery(canceled).body, headers: {} }
  expect(await postDelivery(server, provider, unsigned)).toBe(401)

  const stored = await storedLeadRecords(company, dataDir)
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject({
    id: requestId,
    route_rule: '1',
    booking_state: 'booked',
    booking_start: startTime,
    booking_time_zone: 'America/Chicago',
    booking_provider: provider,
    booking_id: bookingId,
  })
  const row = (await runLeads(dataDir)).split('\n').find((line) => line.includes(requestId))
  expect(row).toContain('booked 2026-12-01T15:00Z')
}

for (const provider of providers) {
  describe(`routed to a stand-in ${providerNames[provider]} page`, () => {
    it(`a 200+ firm on /request-demo books in the panel, and the signed webhook marks the lead booked`, async () => {
      const { page, pageErrors, close } = await openSiteForm(provider)
      const company = `${sampleLead.companyName} ${provider} site`
      const host = new URL(backend(provider).server.url).host
      const requestId = await bookInPanel(provider, page, host, company)
      await bookingComesBack(provider, requestId, company)
      expect(pageErrors).toEqual([])
      await close()
    }, 60_000)

    it(`a 200+ firm on a partner page books in the panel, and the signed webhook marks the lead booked`, async () => {
      const { page, pageErrors, close } = await openPartnerForm(provider)
      const company = `${sampleLead.companyName} ${provider} partner`
      const requestId = await bookInPanel(provider, page, new URL(partnerOrigin).host, company)
      await bookingComesBack(provider, requestId, company)
      expect(pageErrors).toEqual([])
      await close()
    }, 60_000)
  })
}

it("a 1-5 firm sees the route's message in the form's place, and Close brings the form back", async () => {
  const { page, pageErrors, close } = await openSiteForm('cal')
  const company = `${sampleLead.companyName} message`
  await sendAs(page, company, '1-5 employees')
  const panel = page.locator('demo-request section[part="booking"]')
  await panel.getByRole('heading', { name: formCopy.booking.messageHeading }).waitFor()
  expect(await focusedText(page)).toBe(formCopy.booking.messageHeading)
  expect(await panel.getByText(routeMessage).isVisible()).toBe(true)
  expect(await panel.locator('iframe').count()).toBe(0)

  await panel.getByRole('button', { name: formCopy.booking.close }).click()
  // The form is back, cleared for the next request.
  expect(await page.getByLabel(formCopy.fields.companyName.label).inputValue()).toBe('')
  const [stored] = await storedLeadRecords(company, backend('cal').dataDir)
  expect(stored).toMatchObject({ route_rule: '2', booking_state: '' })
  expect(pageErrors).toEqual([])
  await close()
})

it('counts a view and a start on a partner page under Referrer-Policy: no-referrer', async () => {
  const strict = await open(`${partnerOrigin}/strict`)
  await waitForLiveForm(strict.page)
  await strict.page.getByLabel(formCopy.fields.firstName.label).click()
  await strict.page.getByLabel(formCopy.fields.lastName.label).click()
  await strict.page.keyboard.type('L')
  await strict.page.close()
  await strict.close()
  const row = await funnelRowShowing(strictSource, backend('cal').dataDir, {
    views: '1',
    starts: '1',
  })
  expect(row).toMatchObject({ page: `${partnerOrigin}/strict`, field_empty: '1' })
})

it('counts a visitor who leaves First Name empty and closes the page, and one who sends and books: npm run insights shows exactly those', async () => {
  const { dataDir } = backend('cal')
  const { fields } = formCopy
  const counted = (expected: Record<string, string>) =>
    funnelRowShowing(countedSource, dataDir, expected)

  // Into First Name, out of it empty, a key in Last Name: a start. Then the tab is closed.
  const left = await open(`${partnerOrigin}/counted`)
  await waitForLiveForm(left.page)
  await left.page.getByLabel(fields.firstName.label).click()
  await left.page.getByLabel(fields.lastName.label).click()
  await left.page.keyboard.type('L')
  await left.page.close()
  await left.close()
  const afterLeft = await counted({ views: '1', starts: '1', field_empty: '1' })
  expect(afterLeft).toMatchObject({ page: `${partnerOrigin}/counted`, sent: '0', booked: '0' })
  expect(afterLeft).toMatchObject({ field_error: '0', send_tried: '0', refused: '0' })
  expect(await runInsights(dataDir, { source: countedSource })).toMatch(/First name +1 +0/)

  // Sends as a 200+ firm, books in the stand-in Cal.com page; the signed webhook comes back.
  const sends = await open(`${partnerOrigin}/counted`)
  await waitForLiveForm(sends.page)
  const company = `${sampleLead.companyName} counted`
  const requestId = await bookInPanel('cal', sends.page, new URL(partnerOrigin).host, company)
  await bookingComesBack('cal', requestId, company)
  // A view, a start and a send on the partner's page: nothing written to its origin.
  expect(await sends.page.evaluate(storedOnDevice)).toEqual(nothingStored)
  expect(sends.pageErrors).toEqual([])
  await sends.page.close()
  await sends.close()
  const both = await counted({ views: '2', starts: '2', sent: '1', booked: '1' })
  expect(both).toMatchObject({ field_empty: '1', field_error: '0', refused: '0', cancelled: '0' })
  expect(both).toMatchObject({ send_tried: '1', booking_shown: '1', not_now: '0' })
}, 300_000)
