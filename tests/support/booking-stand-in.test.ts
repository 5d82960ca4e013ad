// The stand-ins speak each provider's protocol to a real parent page on another origin, in
// Chromium: what they post, when Cal.com's page shows itself, what they record.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FrameLocator, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type BookingStandIn, startBookingStandIn } from './booking-stand-in.ts'
import { chromiumForFile } from './chromium.ts'

declare global {
  interface Window {
    received: { origin: string; data: unknown }[]
    answerReady(): void
  }
}

// The parent: frames `src`, keeps what that frame posts, and answers Cal.com's handshake only
// when the test says so.
const hostPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head>
<body><script>
window.received = []
const frame = document.createElement('iframe')
frame.title = 'Booking'
frame.src = new URL(location.href).searchParams.get('src')
document.body.append(frame)
addEventListener('message', (event) => {
  if (event.source === frame.contentWindow) received.push({ origin: event.origin, data: event.data })
})
window.answerReady = () =>
  frame.contentWindow.postMessage({ originator: 'CAL', method: 'parentKnowsIframeReady', arg: undefined }, '*')
</script></body></html>`

let standIn: BookingStandIn
let host: Server
let hostOrigin: string

beforeAll(async () => {
  standIn = await startBookingStandIn()
  host = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage)
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  // localhost and 127.0.0.1 are two origins: the stand-ins are cross-origin to this page.
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`
})
afterAll(async () => {
  await standIn.close()
  await new Promise((resolve) => host.close(resolve))
})
const browser = chromiumForFile()

let page: Page
beforeEach(async (context) => {
  page = await browser.newPage()
  context.onTestFinished(() => page.close())
})

async function frame(src: string) {
  await page.goto(`${hostOrigin}/?src=${encodeURIComponent(src)}`)
  const booking = page.frameLocator('iframe')
  await booking.locator('#confirm').waitFor({ state: 'attached' })
  return booking
}

const received = () => page.evaluate(() => window.received)
const messages = async () => (await received()).map((message) => message.data)

// Messages from one window to another arrive in order: once a probe the frame posts last has
// arrived, anything the page posted before it has too. What came before the probe is returned.
async function afterProbe(booking: FrameLocator) {
  await booking.locator('body').evaluate(() => parent.postMessage('probe', '*'))
  await page.waitForFunction(() => window.received.some((m) => m.data === 'probe'))
  const all = await messages()
  return all.slice(0, all.indexOf('probe'))
}

describe('the stand-in Cal.com page', () => {
  it('posts __iframeReady and its size, stays hidden until the parent answers, then books', async () => {
    const query = new URLSearchParams({
      embed: '',
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      'metadata[demoRequestId]': 'req-cal',
      stand_in_height: '480',
    })
    const booking = await frame(`${standIn.calPage()}?${query}`)
    await page.waitForFunction(() =>
      window.received.some((m) => (m.data as { type?: string }).type === '__dimensionChanged'),
    )
    const [ready, dimension] = await received()
    expect(ready).toEqual({
      origin: standIn.origin,
      data: {
        originator: 'CAL',
        type: '__iframeReady',
        namespace: '',
        fullType: 'CAL::__iframeReady',
        data: { isPrerendering: false },
      },
    })
    expect(dimension?.data).toMatchObject({
      originator: 'CAL',
      type: '__dimensionChanged',
      fullType: 'CAL::__dimensionChanged',
      data: { iframeHeight: 480, isFirstTime: true },
    })
    expect(
      await booking.locator('body').evaluate((body) => getComputedStyle(body).visibility),
    ).toBe('hidden')
    expect(await booking.locator('#name').textContent()).toBe('Ada Lovelace')
    expect(await booking.locator('#email').textContent()).toBe('ada@analytical.example')
    expect(
      standIn.log.some(
        (record) =>
          record.kind === 'shown' && record.query['metadata[demoRequestId]'] === 'req-cal',
      ),
    ).toBe(false)

    await page.evaluate(() => window.answerReady())
    await standIn.waitFor(
      (r) => r.kind === 'shown' && r.query['metadata[demoRequestId]'] === 'req-cal',
    )
    expect(
      await booking.locator('body').evaluate((body) => getComputedStyle(body).visibility),
    ).toBe('visible')
    await booking.locator('#confirm').click()
    await standIn.waitFor(
      (r) => r.kind === 'booked' && r.query['metadata[demoRequestId]'] === 'req-cal',
    )
    const posted = await afterProbe(booking)
    expect(posted.map((data) => (data as { type: string }).type)).toEqual([
      '__iframeReady',
      '__dimensionChanged',
      'linkReady',
      'bookingSuccessful',
      'bookingSuccessfulV2',
    ])
    expect(posted.at(-2)).toMatchObject({
      originator: 'CAL',
      fullType: 'CAL::bookingSuccessful',
      data: { booking: { uid: 'stand-in-booking', status: 'ACCEPTED' }, confirmed: true },
    })
    expect(posted.at(-1)).toMatchObject({
      originator: 'CAL',
      fullType: 'CAL::bookingSuccessfulV2',
      data: { uid: 'stand-in-booking', status: 'ACCEPTED', paymentRequired: false },
    })
    expect(
      standIn.log.find(
        (r) => r.kind === 'visit' && r.query['metadata[demoRequestId]'] === 'req-cal',
      ),
    ).toEqual({
      provider: 'cal',
      kind: 'visit',
      origin: standIn.origin,
      path: '/cal/acme/demo',
      query: Object.fromEntries(query),
    })
  })

  it('posts a booking the host must confirm, or one to pay, as Cal.com does', async () => {
    const book = async (id: string, extra: Record<string, string>) => {
      const query = new URLSearchParams({ embed: '', 'metadata[demoRequestId]': id, ...extra })
      const booking = await frame(`${standIn.calPage()}?${query}`)
      await page.waitForFunction(() => window.received.length > 0)
      await page.evaluate(() => window.answerReady())
      await booking.locator('#confirm').click()
      await standIn.waitFor((r) => r.kind === 'booked' && r.query['metadata[demoRequestId]'] === id)
      return (await afterProbe(booking)).filter((data) =>
        String((data as { type?: string }).type).startsWith('bookingSuccessful'),
      )
    }
    expect(await book('req-pending', { stand_in_status: 'PENDING' })).toMatchObject([
      { type: 'bookingSuccessful', data: { booking: { status: 'PENDING' }, confirmed: false } },
      { type: 'bookingSuccessfulV2', data: { status: 'PENDING', paymentRequired: false } },
    ])
    expect(await book('req-paid', { stand_in_payment: '' })).toMatchObject([
      { type: 'bookingSuccessful', data: { booking: { paymentUid: 'stand-in-payment' } } },
      { type: 'bookingSuccessfulV2', data: { status: 'ACCEPTED', paymentRequired: true } },
    ])
    expect(await book('req-legacy', { stand_in_legacy: '' })).toMatchObject([
      { type: 'bookingSuccessful', data: { confirmed: true } },
    ])
  })

  it('with stand_in_fail says linkFailed after __iframeReady, and nothing else', async () => {
    const booking = await frame(`${standIn.calPage()}?embed=&stand_in_fail=404`)
    await page.waitForFunction(() => window.received.length >= 2)
    expect(await afterProbe(booking)).toMatchObject([
      { type: '__iframeReady' },
      { type: 'linkFailed', data: { code: '404', msg: 'Problem loading the link' } },
    ])
  })

  it('with stand_in_hold speaks only once the test says it is ready', async () => {
    const query = new URLSearchParams({
      embed: '',
      'metadata[demoRequestId]': 'req-hold',
      name: 'Ada',
      stand_in_hold: '',
    })
    const booking = await frame(`${standIn.calPage()}?${query}`)
    // Its script has run (it fills in the name), and said nothing.
    await booking.locator('#name', { hasText: 'Ada' }).waitFor({ state: 'attached' })
    expect(await afterProbe(booking)).toEqual([])
    // The page may still be opening its command stream.
    await page.waitForFunction(
      async (url) => (await fetch(url, { method: 'POST' })).ok,
      `${standIn.origin}/ready?key=metadata%5BdemoRequestId%5D&value=req-hold`,
    )
    await page.waitForFunction(() =>
      window.received.some((m) => (m.data as { type?: string }).type === '__iframeReady'),
    )
  })

  it('under /redirect/ moves to the other origin, and speaks from there', async () => {
    expect(standIn.otherOrigin).not.toBe(standIn.origin)
    const booking = await frame(
      `${standIn.origin}/redirect/cal/acme/demo/embed?embed=&metadata[demoRequestId]=req-moved`,
    )
    await page.waitForFunction(() => window.received.length > 0)
    expect((await received())[0]).toMatchObject({
      origin: standIn.otherOrigin,
      data: { type: '__iframeReady' },
    })
    expect(await booking.locator('body').evaluate(() => location.origin)).toBe(standIn.otherOrigin)
    const visit = await standIn.waitFor(
      (r) => r.kind === 'visit' && r.query['metadata[demoRequestId]'] === 'req-moved',
    )
    expect(visit).toMatchObject({ origin: standIn.otherOrigin, path: '/cal/acme/demo/embed' })
  })

  it('names its namespace in fullType', async () => {
    await frame(`${standIn.calPage()}?embed=booking&metadata[demoRequestId]=req-ns`)
    await page.waitForFunction(() => window.received.length > 0)
    expect((await messages())[0]).toMatchObject({
      namespace: 'booking',
      fullType: 'CAL:booking:__iframeReady',
    })
  })

  it('under /silent/ posts nothing, even on Confirm', async () => {
    const booking = await frame(
      `${standIn.silentPage('cal')}?embed=&metadata[demoRequestId]=req-silent`,
    )
    await booking.locator('#confirm').evaluate((button: HTMLButtonElement) => button.click())
    await standIn.waitFor(
      (r) => r.kind === 'booked' && r.query['metadata[demoRequestId]'] === 'req-silent',
    )
    expect(await afterProbe(booking)).toEqual([])
  })
})

describe('the stand-in Calendly page', () => {
  it('posts its view and page height, and event_scheduled on Confirm', async () => {
    const query = new URLSearchParams({
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      embed_domain: 'localhost',
      embed_type: 'Inline',
      utm_content: 'req-calendly',
      stand_in_height: '520',
    })
    const booking = await frame(`${standIn.calendlyPage()}?${query}`)
    await page.waitForFunction(() => window.received.length >= 2)
    expect(await received()).toEqual([
      { origin: standIn.origin, data: { event: 'calendly.event_type_viewed', payload: {} } },
      {
        origin: standIn.origin,
        data: { event: 'calendly.page_height', payload: { height: '520px' } },
      },
    ])
    expect(await booking.locator('#name').textContent()).toBe('Ada Lovelace')
    await booking.locator('#confirm').click()
    await standIn.waitFor((r) => r.kind === 'booked' && r.query.utm_content === 'req-calendly')
    expect((await afterProbe(booking)).at(-1)).toEqual({
      event: 'calendly.event_scheduled',
      payload: {
        event: { uri: 'https://api.calendly.com/scheduled_events/STANDIN' },
        invitee: { uri: 'https://api.calendly.com/scheduled_events/STANDIN/invitees/STANDIN' },
      },
    })
  })

  it('posts profile_page_viewed for a profile page, and nothing without embed_domain', async () => {
    await frame(`${standIn.calendlyPage('acme')}?embed_domain=localhost`)
    await page.waitForFunction(() => window.received.length > 0)
    expect((await messages())[0]).toEqual({ event: 'calendly.profile_page_viewed', payload: {} })

    const booking = await frame(`${standIn.calendlyPage()}?utm_content=req-bare`)
    await booking.locator('#confirm').click()
    await standIn.waitFor((r) => r.kind === 'booked' && r.query.utm_content === 'req-bare')
    expect(await afterProbe(booking)).toEqual([])
  })
})

describe('a test without input', () => {
  it('has the page that asked for commands press Confirm, and learns where Confirm is', async () => {
    const query = new URLSearchParams({
      embed_domain: 'localhost',
      utm_content: 'req-command',
      stand_in_commands: '',
    })
    const booking = await frame(`${standIn.calendlyPage()}?${query}`)
    const shown = await standIn.waitFor(
      (r) => r.kind === 'shown' && r.query.utm_content === 'req-command',
    )
    const box = await booking.locator('#confirm').evaluate((button) => {
      const { left, top, width, height } = button.getBoundingClientRect()
      return [Math.round(left + width / 2), Math.round(top + height / 2)]
    })
    expect(shown.confirmAt).toEqual(box)
    const confirm = (value: string) =>
      page.evaluate(
        async (url) => (await fetch(url, { method: 'POST' })).status,
        `${standIn.origin}/confirm?key=utm_content&value=${value}`,
      )
    expect(await confirm('nobody')).toBe(404)
    // The page may still be opening its command stream.
    await page.waitForFunction(
      async (url) => (await fetch(url, { method: 'POST' })).ok,
      `${standIn.origin}/confirm?key=utm_content&value=req-command`,
    )
    await standIn.waitFor((r) => r.kind === 'booked' && r.query.utm_content === 'req-command')
    await page.waitForFunction(() =>
      window.received.some(
        (m) => (m.data as { event?: string }).event === 'calendly.event_scheduled',
      ),
    )
  })
})

describe('the log', () => {
  it('is readable from another origin', async () => {
    await page.goto(hostOrigin)
    const log = await page.evaluate(
      async (url) => (await fetch(url)).json(),
      `${standIn.origin}/log`,
    )
    expect(Array.isArray(log)).toBe(true)
    expect(log.length).toBe(standIn.log.length)
  })
})
