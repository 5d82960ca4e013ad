/**
 * The markup and script of the stand-in Cal.com booking page and Calendly scheduling page, each
 * speaking its provider's postMessage protocol (see booking-stand-in.ts). One module for every
 * place that serves them: the browser tests' second-origin server and Storybook
 * (.storybook/booking-stand-in-pages.ts).
 */

export type StandInProvider = 'cal' | 'calendly'

// Where nothing collects the records (Storybook's static build), the page keeps them to itself.
// keepalive: a page that books is often removed at once, and its record must still arrive.
const recordScript = (provider: StandInProvider, log: boolean) =>
  log
    ? `async (kind) =>
  fetch('/log', {
    method: 'POST',
    keepalive: true,
    body: JSON.stringify({
      provider: '${provider}',
      kind,
      origin: location.origin,
      path: location.pathname,
      query,
      ...(kind === 'shown' ? { confirmAt: await confirmAt() } : {}),
    }),
  })`
    : '() => {}'

// The page's own script, shared by both providers; `speak` holds each one's protocol.
const pageScript = (provider: StandInProvider, silent: boolean, log: boolean) => `
const params = new URL(location.href).searchParams
const query = Object.fromEntries(params)
// A frame of another origin has its size from the page holding it, which can come after this
// script ran: under load one was laid out at no width, its Confirm 110 px lower than once sized.
const confirmAt = async () => {
  if (innerWidth === 0) await new Promise((resolve) => addEventListener('resize', resolve, { once: true }))
  const box = document.getElementById('confirm').getBoundingClientRect()
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)]
}
const record = ${recordScript(provider, log)}
const main = document.querySelector('main')
document.getElementById('name').textContent = params.get('name') ?? ''
document.getElementById('email').textContent = params.get('email') ?? ''
if (params.has('stand_in_height')) main.style.height = params.get('stand_in_height') + 'px'
const silent = ${silent}
const speak = ${provider === 'cal' ? calProtocol : calendlyProtocol}
// stand_in_hold: a page that is slow to arrive, silent until a test says it is there.
const hold = params.has('stand_in_hold')
let booked = () => {}
const start = () => {
  booked = speak()
}
if (!hold) start()
const confirm = document.getElementById('confirm')
confirm.addEventListener('click', () => {
  booked()
  record('booked')
  document.getElementById('status').textContent = 'Booked'
})
// A test that can send no input into the frame (WebDriver at concurrency above 1) asks for this
// with stand_in_commands (or stand_in_hold) and has the stand-ins press Confirm, or end the hold:
// POST /confirm or /ready with this page's query key and value. Only then is a connection held
// open: browsers allow a host few.
if (params.has('stand_in_commands') || hold) {
  const commands = new EventSource('/commands?' + params)
  commands.addEventListener('ready', start, { once: true })
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
  // stand_in_fail=<status>: a page that did not load, as embed-iframe.ts's handlePageError says.
  if (params.has('stand_in_fail')) {
    post('__iframeReady', { isPrerendering: false })
    post('linkFailed', { code: params.get('stand_in_fail'), msg: 'Problem loading the link', data: { url: location.href } })
    return () => {}
  }
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
  // As useBookings.ts: bookingSuccessful, then bookingSuccessfulV2; an older self-hosted Cal.com
  // (stand_in_legacy) posts only the first. stand_in_status and stand_in_payment make the booking
  // one the host must confirm, or one still to be paid.
  const status = params.get('stand_in_status') ?? 'ACCEPTED'
  const paymentRequired = params.has('stand_in_payment')
  const requiresConfirmation = status !== 'ACCEPTED'
  const booking = {
    uid: 'stand-in-booking',
    title: 'Demo',
    startTime: '2026-12-01T15:00:00.000Z',
    endTime: '2026-12-01T15:30:00.000Z',
    eventTypeId: 7,
    status,
    paymentRequired,
    isRecurring: false,
  }
  return () => {
    post('bookingSuccessful', {
      booking: { ...booking, ...(paymentRequired ? { paymentUid: 'stand-in-payment' } : {}) },
      eventType: { id: 7, slug: 'demo', requiresConfirmation },
      date: booking.startTime,
      duration: 30,
      organizer: { name: 'Sales', email: 'sales@firm.example', timeZone: 'America/Chicago' },
      confirmed: !(status === 'PENDING' && requiresConfirmation),
    })
    if (!params.has('stand_in_legacy')) post('bookingSuccessfulV2', booking)
  }
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

/**
 * A stand-in page of `provider`'s: `silent`, it never posts a message, as a page whose embed
 * code never runs; with `log`, it posts what it sees to `/log` on its own origin.
 */
export function standInPage(
  provider: StandInProvider,
  { silent = false, log = false }: { silent?: boolean; log?: boolean } = {},
): string {
  // Cal.com's embed page starts hidden and is shown by the handshake; Calendly's shows at once.
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${titles[provider]}</title>
<style>body { margin: 0; visibility: hidden; font-family: sans-serif } main { padding: 16px; box-sizing: border-box }</style>
</head><body><main>
<h1>${titles[provider]}</h1>
<p>Booking for <span id="name"></span> (<span id="email"></span>)</p>
<button type="button" id="confirm">Confirm</button>
<p id="status" role="status"></p>
</main><script type="module">${pageScript(provider, silent, log)}</script></body></html>`
}
