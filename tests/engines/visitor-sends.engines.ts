// A visitor sends a lead in each engine scripts/test-engines.ts provides: on the site's
// /request-demo, on a partner page of another origin that loads only the loader, and on that
// page under a host name of its own on plain http, which is not a secure context and has no
// `crypto.subtle` for the proof of work. The built site and widget are served by the real local
// server, which must store each lead exactly once.
import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type FormCopy, formCopy } from '#core/form-copy.ts'
import { allCopies } from '../../src/copy/load-copy.ts'
import {
  allStoredLeadRecords,
  funnelRowShowing,
  storedLeadRecords,
  storedLeads,
} from '../e2e/leads.ts'
import { type BookingStandIn, startBookingStandIn } from '../support/booking-stand-in.ts'
import { calWebhookBody, signCalWebhook } from '../support/booking-webhooks.ts'
import {
  fillMoments,
  fillPlan,
  missedPoints,
  type SweepPoint,
  sendAtPoint,
  sweepSummary,
} from '../support/fill-while-loading.ts'
import {
  englishWordsIn,
  type FrameSnapshot,
  firstFramesRecorder,
  recordedFrames,
} from '../support/first-frames.ts'
import { liveFormShown, liveFormState, typedAtOnce } from '../support/live-form.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { scratchFolder } from '../support/scratch-folder.ts'
import { startLocalServer } from '../support/start-local-server.ts'
import type { ServerProcess } from '../support/start-server-process.ts'
import { nothingStored, storedOnDevice } from '../support/stored-on-device.ts'
import { waitUntil } from '../support/wait-until.ts'
import { plainHost, type VisitorEngine } from './engines.ts'
import { startVisitor, type Visitor } from './visitor.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    engines: VisitorEngine[]
    /** The run's host proxy (host-proxy.ts), which the run's Firefox was started with. */
    hostProxy: { address: string; port: number }
  }
}

let tempDir: string
let backend: ServerProcess
let partner: Server
let partnerOrigin: string
// The same partner page as `http://partner.test:<port>`, reached through a proxy.
let plainOrigin: string
const proxy = inject('hostProxy')
let standIn: BookingStandIn
// The partner page whose funnel each engine's visitors are counted on: a source per engine, whose
// leads are routed to a stand-in Cal.com page. The webhook's secret, for the booking that follows.
const countedSource = (engine: string) => `partner-counted-${engine}`
const strictSource = (engine: string) => `partner-strict-${engine}`
const calSecret = 'engines-cal-webhook-secret'

beforeAll(async () => {
  tempDir = await scratchFolder('engines-')
  standIn = await startBookingStandIn()
  partner = createServer((request, response) => {
    const widget = new URL(backend.url).origin
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      // A partner page that sends no referrer: Firefox's beacons from it say `Origin: null`.
      ...(request.url?.startsWith('/strict/') && { 'referrer-policy': 'no-referrer' }),
    })
    // A page of the partner's origin with nothing on it, for WebKit's visitor to frame the other.
    if (request.url === '/blank') return void response.end('<!doctype html><title>Blank</title>')
    // A Spanish partner page with the same one snippet, its frames recorded from the first; a
    // second element there says lang="en".
    if (request.url === '/es') {
      return void response.end(`<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Socio</title>
${firstFramesRecorder}<script src="${widget}/widget/demo-request-loader.js" defer></script></head>
<body><h1>Socio</h1><demo-request supabase-url="${widget}" source="partner-engines"></demo-request>
<demo-request lang="en" supabase-url="${widget}" source="partner-engines"></demo-request></body></html>`)
    }
    const counted = request.url?.match(/^\/counted\/(\w+)$/)?.[1]
    const strict = request.url?.match(/^\/strict\/(\w+)$/)?.[1]
    const source = counted
      ? countedSource(counted)
      : strict
        ? strictSource(strict)
        : 'partner-engines'
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script src="${widget}/widget/demo-request-loader.js" defer></script></head>
<body><h1>Partner</h1><demo-request supabase-url="${widget}" source="${source}"></demo-request></body></html>`)
  })
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
  const { port } = partner.address() as AddressInfo
  partnerOrigin = `http://127.0.0.1:${port}`
  plainOrigin = `http://${plainHost}:${port}`
  backend = await startLocalServer({
    PGLITE_DATA_DIR: join(tempDir, 'pglite'),
    DATABASE_URL: '',
    RESEND_API_KEY: '',
    NOTIFY_WEBHOOK_URL: '',
    ALLOWED_ORIGINS: `${partnerOrigin},${plainOrigin}`,
    // Every engine's visitor is the same client, 127.0.0.1: more sends than the default 5, and
    // each sweep sends one lead per moment.
    RATE_LIMIT_MAX: '1000',
    // And more page views than the default 30 a window: each page a sweep loads sends its batch as
    // the next replaces it, and the counted visits that follow would be refused (429).
    ANALYTICS_CLIENT_MAX: '1000',
    // Only the counted pages' leads are offered a booking; every other send ends in its toast.
    DEMO_REQUEST_ROUTES: JSON.stringify([
      {
        when: { source: inject('engines').map(({ name }) => countedSource(name)) },
        book: standIn.calPage(),
        provider: 'cal',
      },
    ]),
    CAL_WEBHOOK_SECRET: calSecret,
  })
})

afterAll(async () => {
  await backend?.stop()
  await standIn?.close()
  partner?.closeAllConnections()
  await new Promise((resolve) => partner?.close(resolve))
  if (tempDir) await rm(tempDir, { recursive: true, force: true })
})

const formText = () => document.querySelector('demo-request')?.shadowRoot?.textContent ?? ''

// What the page shows, for a wait that gave up.
const pageState = () => ({
  url: location.href,
  hydrated: document.documentElement.hasAttribute('data-hydrated'),
  defined: Boolean(customElements.get('demo-request')),
  staticForm: Boolean(
    document.querySelector('demo-request')?.shadowRoot?.querySelector('[data-static-form]'),
  ),
  controls: [
    ...(document.querySelector('demo-request')?.shadowRoot?.querySelectorAll('input, select') ??
      []),
  ].map((control) => control.getAttribute('name') ?? control.id),
  forms: document.querySelector('demo-request')?.shadowRoot?.querySelectorAll('form').length,
})

async function waitForLiveForm(visitor: Visitor) {
  try {
    await waitUntil(() => visitor.evaluate(liveFormShown), { timeoutMs: 15_000 })
  } catch (error) {
    throw new Error(`${error}: ${JSON.stringify(await visitor.evaluate(pageState))}`)
  }
}

/** Types the sample lead under `companyName`, presses the button and waits for the toast. */
async function sendSampleLead(visitor: Visitor, companyName: string) {
  await waitForLiveForm(visitor)
  const { fields } = formCopy
  await visitor.type(fields.firstName.label, sampleLead.firstName)
  await visitor.type(fields.lastName.label, sampleLead.lastName)
  await visitor.type(fields.companyName.label, companyName)
  await visitor.choose(fields.companySize.label, sampleLead.companySize)
  await visitor.press(formCopy.submit)
  expect(await toastShown(visitor, formCopy)).toContain(formCopy.success.title)
}

/**
 * What the form shows once either toast in `copy`'s language does: a failure ends the wait at
 * once, with what the form showed.
 */
async function toastShown(visitor: Visitor, copy: FormCopy): Promise<string> {
  const toasts = [copy.success.title, copy.failure.title]
  let shown = ''
  await waitUntil(
    async () => {
      shown = await visitor.evaluate(formText)
      return toasts.some((title) => shown.includes(title))
    },
    { timeoutMs: 15_000 },
  )
  return shown
}

const leadsStoredAs = (companyName: string) => storedLeads(companyName, join(tempDir, 'pglite'))

/**
 * A script fills the form at each moment of a sweep (fill-while-loading.ts), in a page loaded
 * once per moment; once the live form shows, the visitor presses the button. Every 40 ms across
 * the first 300, where Chromium's sweep (tests/e2e/early-typing.ts) takes every 10: a point is a
 * page load and a send, and points on one side of the take-over fill the same form the same way.
 * At every 20 ms, each wait asked over the driver every 20 ms, the sweep run alone took 41.8 s of
 * CPU in Firefox and 25.9 in WebKit; now 35.5 and 22.2.
 */
async function sweepFills(visitor: Visitor, url: string, blank: string, run: string) {
  const points: SweepPoint[] = []
  for (const [index, moment] of fillMoments(40).entries()) {
    const plan = fillPlan(moment, index, run)
    await visitor.openFilling(url, blank, plan)
    points.push(await sendAtPoint((script) => visitor.evaluate(script), plan))
  }
  return points
}

// Each engine's visitor at the same time as the other's, as two people on two browsers: their
// leads, pages and counts are their own. One visitor's steps stay in order (sequential).
for (const engine of inject('engines')) {
  describe.concurrent(engine.name, () => {
    describe.sequential('a visitor', () => {
      let visitor: Visitor
      beforeAll(async () => {
        visitor = await startVisitor(engine, proxy)
      })
      afterAll(() => visitor?.close())

      it(`${engine.version}: sends a lead from /request-demo, stored once`, async () => {
        const companyName = `${sampleLead.companyName} ${engine.name} site ${Date.now()}`
        await visitor.open(new URL('/request-demo', backend.url).href)
        await sendSampleLead(visitor, companyName)
        const leads = await leadsStoredAs(companyName)
        expect(leads).toHaveLength(1)
        expect(leads[0]).toContain(
          `,${sampleLead.firstName},${sampleLead.lastName},${companyName},`,
        )
      })

      it(`${engine.version}: sends a lead from a partner page of another origin through the loader, stored once`, async () => {
        const companyName = `${sampleLead.companyName} ${engine.name} partner ${Date.now()}`
        await visitor.open(`${partnerOrigin}/`)
        await sendSampleLead(visitor, companyName)
        const leads = await leadsStoredAs(companyName)
        expect(leads).toHaveLength(1)
        expect(leads[0]).toContain(`,${companyName},${sampleLead.companySize},partner-engines,`)
      })

      it(`${engine.version}: keeps what a visitor types the moment the form shows, on the site and a partner page`, async () => {
        for (const page of [new URL('/request-demo', backend.url).href, `${partnerOrigin}/`]) {
          await visitor.open(page)
          // Into whichever form shows First Name first, static or live, without waiting for more.
          await visitor.typeAt(formCopy.fields.firstName.label, 'Ada')
          await visitor.typeAt(formCopy.fields.lastName.label, 'Love')
          await waitForLiveForm(visitor)
          expect(await visitor.evaluate(liveFormState), page).toEqual(typedAtOnce)
        }
      })

      it(`${engine.version}: sends what a script put in the fields at any moment across the take-over and after it, on the site and a partner page`, async () => {
        const site = new URL('/request-demo', backend.url)
        const pages = [
          ['/request-demo', site.href, new URL('/robots.txt', site).href],
          ['partner page', `${partnerOrigin}/`, `${partnerOrigin}/blank`],
        ] as const
        for (const [name, url, blank] of pages) {
          const points = await sweepFills(
            visitor,
            url,
            blank,
            `${engine.name} ${name} ${Date.now()}`,
          )
          console.info(`${name}, ${engine.version}: ${sweepSummary(points)}`)
          const stored = await allStoredLeadRecords(join(tempDir, 'pglite'))
          expect(missedPoints(points, stored), name).toEqual([])
        }
      }, 300_000)

      it(`${engine.version}: on a Spanish partner page through the loader, shows no English word from the first paint to the live form, answers and sends in Spanish, and follows the page to English`, async () => {
        const { es, en } = await allCopies()
        await visitor.open(`${partnerOrigin}/es`)
        const frames = (await waitUntil(() => visitor.evaluate(recordedFrames), {
          timeoutMs: 15_000,
        })) as FrameSnapshot[]
        const spanish = frames.filter((shot) => shot.element === 0 && shot.words)
        expect(spanish.length, 'snapshots of the Spanish form').toBeGreaterThan(0)
        expect(spanish.filter((shot) => englishWordsIn(shot.words).length > 0)).toEqual([])
        expect(spanish.every((shot) => shot.words.includes(es.fields.firstName.label))).toBe(true)
        const english = frames.filter((shot) => shot.element === 1 && shot.words)
        expect(english.length, 'snapshots of the lang="en" form').toBeGreaterThan(0)
        expect(english.every((shot) => shot.words.includes(en.fields.firstName.label))).toBe(true)
        console.info(
          `Spanish page, ${engine.version}: ${spanish.length} snapshots, static Spanish form in ${spanish.filter((shot) => !shot.live).length}`,
        )

        // An empty send: Spanish messages.
        await visitor.press(es.submit)
        await waitUntil(async () =>
          (await visitor.evaluate(formText)).includes(es.messages.firstName.required),
        )

        const companyName = `${sampleLead.companyName} ${engine.name} es ${Date.now()}`
        await visitor.type(es.fields.firstName.label, sampleLead.firstName)
        await visitor.type(es.fields.lastName.label, sampleLead.lastName)
        await visitor.type(es.fields.companyName.label, companyName)
        await visitor.choose(es.fields.companySize.label, es.companySizes[sampleLead.companySize])
        await visitor.press(es.submit)
        expect(await toastShown(visitor, es)).toContain(es.success.title)
        const leads = await leadsStoredAs(companyName)
        expect(leads).toHaveLength(1)
        expect(leads[0]).toContain(`,${companyName},${sampleLead.companySize},partner-engines,es,`)

        // The page turns English after the visitor typed: the form follows, keeping what was typed.
        await visitor.type(es.fields.firstName.label, 'Ana')
        await visitor.evaluate(() => document.documentElement.setAttribute('lang', 'en'))
        await waitUntil(async () =>
          (await visitor.evaluate(formText)).includes(en.fields.firstName.label),
        )
        const firstName = await visitor.evaluate(
          () =>
            document
              .querySelector('demo-request')
              ?.shadowRoot?.querySelector<HTMLInputElement>('[name="firstName"]')?.value,
        )
        expect(firstName).toBe('Ana')
      })

      it(`${engine.version}: counts a visitor who leaves First Name empty and closes the tab, and one who sends and books: npm run insights shows exactly those`, async () => {
        const source = countedSource(engine.name)
        const page = `${partnerOrigin}/counted/${engine.name}`
        const dataDir = join(tempDir, 'pglite')
        const counted = (expected: Record<string, string>) =>
          funnelRowShowing(source, dataDir, expected)
        const { fields } = formCopy

        // Into First Name, out of it empty, a key in Last Name: a start. Then the tab is closed.
        await visitor.open(page)
        await waitForLiveForm(visitor)
        await visitor.typeAt(fields.firstName.label, '')
        await visitor.typeAt(fields.lastName.label, 'L')
        await visitor.closeTab()
        const left = await counted({ views: '1', starts: '1', field_empty: '1' })
        expect(left).toMatchObject({
          page,
          sent: '0',
          booked: '0',
          field_error: '0',
          send_tried: '0',
        })

        // Sends, is offered the stand-in Cal.com page, and books: Cal.com's signed webhook comes.
        const companyName = `${sampleLead.companyName} ${engine.name} counted ${Date.now()}`
        await visitor.open(page)
        await sendSampleLead(visitor, companyName)
        await waitUntil(async () =>
          (await visitor.evaluate(formText)).includes(formCopy.booking.heading),
        )
        // A view, a start and a send on the partner's page: nothing written to its origin.
        expect(await visitor.evaluate(storedOnDevice)).toEqual(nothingStored)
        const [lead] = await storedLeadRecords(companyName, dataDir)
        const body = calWebhookBody({
          trigger: 'BOOKING_CREATED',
          uid: `engines-${lead?.id}`,
          requestId: lead?.id ?? '',
          startTime: '2027-01-05T15:00:00.000Z',
          createdAt: new Date().toISOString(),
        })
        const booked = await fetch(
          new URL('functions/v1/send-demo-request/booking/cal', backend.url),
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-cal-signature-256': signCalWebhook(body, calSecret),
            },
            body,
          },
        )
        expect(booked.status).toBe(200)
        await visitor.closeTab()
        const both = await counted({ views: '2', starts: '2', sent: '1', booked: '1' })
        expect(both).toMatchObject({ field_empty: '1', field_error: '0', refused: '0' })
        expect(both).toMatchObject({ send_tried: '1', booking_shown: '1', not_now: '0' })
      }, 300_000)

      it(`${engine.version}: counts a view and a start on a partner page under Referrer-Policy: no-referrer`, async () => {
        const source = strictSource(engine.name)
        const page = `${partnerOrigin}/strict/${engine.name}`
        await visitor.open(page)
        await waitForLiveForm(visitor)
        await visitor.typeAt(formCopy.fields.firstName.label, '')
        await visitor.typeAt(formCopy.fields.lastName.label, 'L')
        await visitor.closeTab()
        const row = await funnelRowShowing(source, join(tempDir, 'pglite'), {
          views: '1',
          starts: '1',
        })
        expect(row).toMatchObject({ page, field_empty: '1' })
      }, 120_000)

      it(`${engine.version}: sends a lead from a partner page on plain http, not a secure context, stored once`, async () => {
        const companyName = `${sampleLead.companyName} ${engine.name} plain ${Date.now()}`
        await visitor.open(`${plainOrigin}/`)
        // What makes this page differ: no Web Crypto, so the proof is solved by
        // src/bot-defence/sha256.ts.
        expect(await visitor.evaluate(() => [isSecureContext, typeof crypto.subtle])).toEqual([
          false,
          'undefined',
        ])
        await sendSampleLead(visitor, companyName)
        const leads = await leadsStoredAs(companyName)
        expect(leads).toHaveLength(1)
        expect(leads[0]).toContain(`,${companyName},${sampleLead.companySize},partner-engines,`)
      })
    })
  })
}
