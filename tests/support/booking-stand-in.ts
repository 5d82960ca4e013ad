/**
 * Stand-ins for a Cal.com booking page and a Calendly scheduling page, on a second local origin
 * (http://127.0.0.1:<free port>), for tests that embed them without the network. Each speaks its
 * provider's postMessage protocol as the provider's own code and docs do:
 *
 * - Cal.com (packages/embeds/embed-core/src/embed-iframe.ts, sdk-action-manager.ts): framed with
 *   an `embed` parameter (the namespace), the page stays hidden and posts
 *   `{ originator: 'CAL', type, namespace, fullType: 'CAL:<namespace>:<type>', data }` to its
 *   parent: `__iframeReady`, then `__dimensionChanged` ({ iframeHeight, iframeWidth,
 *   isFirstTime }) as its content's size changes. It shows itself, and posts `linkReady`, only
 *   when the parent sends `{ originator: 'CAL', method: 'parentKnowsIframeReady' }`. Confirm
 *   posts `bookingSuccessfulV2`.
 * - Calendly (developer.calendly.com, "Embed Parent Window Events"): framed with `embed_domain`,
 *   it posts `{ event, payload }`: `calendly.profile_page_viewed` or
 *   `calendly.event_type_viewed`, `calendly.page_height` ({ height: '<n>px' }), and on Confirm
 *   `calendly.event_scheduled` ({ event: { uri }, invitee: { uri } }).
 *
 * Both show the prefilled name and email they were given. A page under `/silent/` never posts
 * anything, as a page whose embed code never runs. `GET /log` (readable from any origin) lists
 * each page's visit with its query, and when each was shown and confirmed. `POST /confirm?key=
 * <query key>&value=<value>` presses Confirm on the pages visited with that query value and
 * `stand_in_commands`, for a test that cannot click into the frame itself.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

type StandInProvider = 'cal' | 'calendly'

/** One thing a stand-in page saw: its visit, being shown (Cal.com's handshake), a booking. */
export interface StandInRecord {
  provider: StandInProvider
  kind: 'visit' | 'shown' | 'booked'
  path: string
  query: Record<string, string>
  /** On `shown`: the middle of Confirm, in the page's own viewport, for a test's real click. */
  confirmAt?: [number, number]
}

export interface BookingStandIn {
  /** The stand-ins' origin, a second origin to the page under test. */
  origin: string
  /** A stand-in Cal.com booking page, e.g. `${origin}/cal/acme/demo`. */
  calPage(path?: string): string
  /** A stand-in Calendly scheduling page, e.g. `${origin}/calendly/acme/demo`. */
  calendlyPage(path?: string): string
  /** The same page, never posting a message. */
  silentPage(provider: StandInProvider, path?: string): string
  log: StandInRecord[]
  /** Resolves once a record matching `which` has arrived. */
  waitFor(which: (record: StandInRecord) => boolean): Promise<StandInRecord>
  close(): Promise<void>
}

// The page's own script, shared by both providers; `speak` holds each one's protocol.
const pageScript = (provider: StandInProvider, silent: boolean) => `
const params = new URL(location.href).searchParams
const query = Object.fromEntries(params)
const confirmAt = () => {
  const box = document.getElementById('confirm').getBoundingClientRect()
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)]
}
const record = (kind) =>
  // keepalive: a page that books is often removed at once, and its record must still arrive.
  fetch('/log', {
    method: 'POST',
    keepalive: true,
    body: JSON.stringify({
      provider: '${provider}',
      kind,
      path: location.pathname,
      query,
      ...(kind === 'shown' ? { confirmAt: confirmAt() } : {}),
    }),
  })
const main = document.querySelector('main')
document.getElementById('name').textContent = params.get('name') ?? ''
document.getElementById('email').textContent = params.get('email') ?? ''
if (params.has('stand_in_height')) main.style.height = params.get('stand_in_height') + 'px'
const silent = ${silent}
const speak = ${provider === 'cal' ? calProtocol : calendlyProtocol}
const booked = speak()
const confirm = document.getElementById('confirm')
confirm.addEventListener('click', () => {
  booked()
  record('booked')
  document.getElementById('status').textContent = 'Booked'
})
// A test that can send no input into the frame (WebDriver at concurrency above 1) asks for this
// with stand_in_commands and has the stand-ins press Confirm: POST /confirm with this page's
// query key and value. Only then is a connection held open: browsers allow a host few.
if (params.has('stand_in_commands')) {
  const commands = new EventSource('/commands?' + params)
  commands.addEventListener('confirm', () => {
    commands.close()
    confirm.click()
  })
}
`

const calProtocol = `() => {
  const namespace = params.get('embed')
  const embedded = window.top !== window && namespace !== null
  const post = (type, data) =>
    parent.postMessage(
      { originator: 'CAL', type, namespace, fullType: namespace ? 'CAL:' + namespace + ':' + type : 'CAL::' + type, data },
      '*',
    )
  if (!embedded) {
    document.body.style.visibility = 'visible'
    record('shown')
    return () => {}
  }
  if (silent) return () => {}
  window.addEventListener('message', (event) => {
    const data = event.data
    if (!data || data.originator !== 'CAL' || data.method !== 'parentKnowsIframeReady') return
    document.body.style.visibility = 'visible'
    post('linkReady', {})
    record('shown')
  })
  post('__iframeReady', { isPrerendering: false })
  let known = ''
  let isFirstTime = true
  const inform = () => {
    const box = main.getBoundingClientRect()
    const style = getComputedStyle(main)
    const iframeHeight = Math.ceil(box.height + parseFloat(style.marginTop) + parseFloat(style.marginBottom))
    const iframeWidth = Math.ceil(box.width + parseFloat(style.marginLeft) + parseFloat(style.marginRight))
    if (known === iframeHeight + 'x' + iframeWidth) return
    known = iframeHeight + 'x' + iframeWidth
    post('__dimensionChanged', { iframeHeight, iframeWidth, isFirstTime })
    isFirstTime = false
  }
  // At once, then on every change: a frame the browser holds back still reports its size.
  inform()
  new ResizeObserver(inform).observe(main)
  return () =>
    post('bookingSuccessfulV2', {
      uid: 'stand-in-booking',
      title: 'Demo',
      startTime: '2026-12-01T15:00:00.000Z',
      endTime: '2026-12-01T15:30:00.000Z',
      eventTypeId: 7,
      status: 'ACCEPTED',
      paymentRequired: false,
      isRecurring: false,
    })
}`

const calendlyProtocol = `() => {
  const embedded = window.top !== window && params.has('embed_domain')
  const post = (event, payload) => parent.postMessage({ event, payload }, '*')
  document.body.style.visibility = 'visible'
  record('shown')
  if (!embedded || silent) return () => {}
  const eventType = location.pathname.split('/').filter(Boolean).length > 2
  post(eventType ? 'calendly.event_type_viewed' : 'calendly.profile_page_viewed', {})
  let known = ''
  const inform = () => {
    const height = Math.ceil(main.getBoundingClientRect().height) + 'px'
    if (height === known) return
    known = height
    post('calendly.page_height', { height })
  }
  inform()
  new ResizeObserver(inform).observe(main)
  return () =>
    post('calendly.event_scheduled', {
      event: { uri: 'https://api.calendly.com/scheduled_events/STANDIN' },
      invitee: { uri: 'https://api.calendly.com/scheduled_events/STANDIN/invitees/STANDIN' },
    })
}`

const titles: Record<StandInProvider, string> = {
  cal: 'Stand-in Cal.com booking page',
  calendly: 'Stand-in Calendly scheduling page',
}

function page(provider: StandInProvider, silent: boolean): string {
  // Cal.com's embed page starts hidden and is shown by the handshake; Calendly's shows at once.
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${titles[provider]}</title>
<style>body { margin: 0; visibility: hidden; font-family: sans-serif } main { padding: 16px; box-sizing: border-box }</style>
</head><body><main>
<h1>${titles[provider]}</h1>
<p>Booking for <span id="name"></span> (<span id="email"></span>)</p>
<button type="button" id="confirm">Confirm</button>
<p id="status" role="status"></p>
</main><script type="module">${pageScript(provider, silent)}</script></body></html>`
}

/** Starts both stand-ins on a free port of 127.0.0.1; `close()` stops them. */
export async function startBookingStandIn(): Promise<BookingStandIn> {
  const log: StandInRecord[] = []
  let waiters: {
    which: (record: StandInRecord) => boolean
    resolve: (r: StandInRecord) => void
  }[] = []
  const add = (record: StandInRecord) => {
    log.push(record)
    waiters = waiters.filter((waiter) => {
      if (!waiter.which(record)) return true
      waiter.resolve(record)
      return false
    })
  }

  // Pages listening for a test's Confirm, each with its query.
  const listeners = new Set<{ query: URLSearchParams; send: () => void }>()

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    if (url.pathname === '/commands') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
      response.write(': listening\n\n')
      const listener = {
        query: url.searchParams,
        send: () => response.write('event: confirm\ndata: \n\n'),
      }
      listeners.add(listener)
      request.on('close', () => listeners.delete(listener))
      return
    }
    if (url.pathname === '/confirm' && request.method === 'POST') {
      const key = url.searchParams.get('key') ?? ''
      const value = url.searchParams.get('value')
      const pages = [...listeners].filter((listener) => listener.query.get(key) === value)
      for (const listener of pages) listener.send()
      response.writeHead(pages.length > 0 ? 204 : 404, { 'access-control-allow-origin': '*' }).end()
      return
    }
    if (url.pathname === '/log' && request.method === 'POST') {
      let body = ''
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      request.on('end', () => {
        add(JSON.parse(body) as StandInRecord)
        response.writeHead(204).end()
      })
      return
    }
    if (url.pathname === '/log') {
      response.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
      })
      response.end(JSON.stringify(log))
      return
    }
    const match = url.pathname.match(/^\/(silent\/)?(cal|calendly)\/[\w/-]+$/)
    if (!match || request.method !== 'GET') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('No such stand-in page')
      return
    }
    const provider = match[2] as StandInProvider
    add({
      provider,
      kind: 'visit',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
    })
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    })
    response.end(page(provider, Boolean(match[1])))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    calPage: (path = 'acme/demo') => `${origin}/cal/${path}`,
    calendlyPage: (path = 'acme/demo') => `${origin}/calendly/${path}`,
    silentPage: (provider, path = 'acme/demo') => `${origin}/silent/${provider}/${path}`,
    log,
    waitFor(which) {
      const found = log.find(which)
      if (found) return Promise.resolve(found)
      return new Promise((resolve) => waiters.push({ which, resolve }))
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
