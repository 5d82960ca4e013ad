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
 * `stand_in_commands`, for a test that cannot click into the frame itself; `POST /ready?…` lets
 * a page visited with `stand_in_hold` speak at last, for a page that is slow to arrive.
 *
 * The same pages are served on a second origin (`otherOrigin`, another free port): a page asked
 * for under `/redirect/` on either origin is redirected there, as Cal.com redirects a booking
 * page to an organization's own domain. Both share one log.
 *
 * Cal.com's page takes these too: `stand_in_status` (e.g. `PENDING`, a booking the host must
 * confirm) and `stand_in_payment` shape its booking messages, `stand_in_legacy` has it post only
 * the older `bookingSuccessful`, and `stand_in_fail=<status>` has it say `linkFailed`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { type StandInProvider, standInPage } from './booking-stand-in-page.ts'

/** One thing a stand-in page saw: its visit, being shown (Cal.com's handshake), a booking. */
export interface StandInRecord {
  provider: StandInProvider
  kind: 'visit' | 'shown' | 'booked'
  /** The origin the page was on: `origin`, or `otherOrigin` after a redirect. */
  origin: string
  path: string
  query: Record<string, string>
  /** On `shown`: the middle of Confirm, in the page's own viewport, for a test's real click. */
  confirmAt?: [number, number]
}

export interface BookingStandIn {
  /** The stand-ins' origin, a second origin to the page under test. */
  origin: string
  /** The same stand-ins on another origin, where `/redirect/…` on either leads. */
  otherOrigin: string
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

/** Starts both stand-ins on two free ports of 127.0.0.1; `close()` stops them. */
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

  // Pages listening for a test's commands, each with its query.
  const listeners = new Set<{ query: URLSearchParams; send: (command: string) => void }>()
  let origins: { origin: string; otherOrigin: string } | undefined

  const handle = (
    origin: string,
    request: IncomingMessage,
    response: ServerResponse<IncomingMessage>,
  ) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    if (url.pathname === '/commands') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
      response.write(': listening\n\n')
      const listener = {
        query: url.searchParams,
        send: (command: string) => response.write(`event: ${command}\ndata: \n\n`),
      }
      listeners.add(listener)
      request.on('close', () => listeners.delete(listener))
      return
    }
    const command = url.pathname.match(/^\/(confirm|ready)$/)?.[1]
    if (command && request.method === 'POST') {
      const key = url.searchParams.get('key') ?? ''
      const value = url.searchParams.get('value')
      const pages = [...listeners].filter((listener) => listener.query.get(key) === value)
      for (const listener of pages) listener.send(command)
      response.writeHead(pages.length > 0 ? 204 : 404, { 'access-control-allow-origin': '*' }).end()
      return
    }
    const redirected = url.pathname.match(/^\/redirect(\/.+)$/)?.[1]
    if (redirected && origins) {
      response.writeHead(302, { location: `${origins.otherOrigin}${redirected}${url.search}` })
      response.end()
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
      origin,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
    })
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    })
    response.end(standInPage(provider, { silent: Boolean(match[1]), log: true }))
  }

  // Each server knows its own origin only once it listens; nothing is asked of it before.
  const listen = async () => {
    let origin = ''
    const server = createServer((request, response) => handle(origin, request, response))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return { server, origin }
  }
  const [first, other] = await Promise.all([listen(), listen()])
  const origin = first.origin
  origins = { origin, otherOrigin: other.origin }
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return {
    origin,
    otherOrigin: other.origin,
    calPage: (path = 'acme/demo') => `${origin}/cal/${path}`,
    calendlyPage: (path = 'acme/demo') => `${origin}/calendly/${path}`,
    silentPage: (provider, path = 'acme/demo') => `${origin}/silent/${provider}/${path}`,
    log,
    waitFor(which) {
      const found = log.find(which)
      if (found) return Promise.resolve(found)
      return new Promise((resolve) => waiters.push({ which, resolve }))
    },
    close: async () => {
      await Promise.all([close(first.server), close(other.server)])
    },
  }
}
