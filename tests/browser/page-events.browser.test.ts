/// <reference types="mocha" />
// The funnel's batches as they arrive at the stand-in function: what a page view records, when
// it goes, that analytics="off" sends none, and that a visit leaves nothing on the origin and
// nothing in a batch that could name the visitor (docs/analytics.md).
import { expect } from 'chai'
import { checkFunnelBatch } from '#core/funnel-events.ts'
import '../../widget/define.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { nothingStored, storedOnDevice } from '../support/stored-on-device.ts'
import { waitUntil } from '../support/wait-until.ts'
import {
  fillValid,
  newRun,
  query,
  recordedRequests,
  standInUrl,
  submitButton,
  toast,
  typeInto,
} from './widget-harness.ts'

type Arrived = { headers: Record<string, string>; body: string }

const arrived = async (run: string): Promise<Arrived[]> =>
  (await fetch(`/stand-in-events/${run}`)).json()

const page = () => location.origin + location.pathname

/**
 * Appends a `<demo-request>` and waits for `demo-request-ready`, which the form emits after its
 * effects, the recorder's observer among them, have run.
 */
async function mountCounting(attributes: Record<string, string>): Promise<HTMLElement> {
  const element = document.createElement('demo-request')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  const ready = new Promise((resolve) => element.addEventListener('demo-request-ready', resolve))
  document.body.append(element)
  await ready
  return element
}

// The first report of an observer made now on `element`: whether it is in view.
const reportedInView = (element: Element) =>
  new Promise<boolean>((resolve) => {
    const observer = new IntersectionObserver(([entry]) => {
      observer.disconnect()
      resolve(Boolean(entry?.isIntersecting))
    })
    observer.observe(element)
  })

/** Swaps `navigator.sendBeacon` for one that also keeps each body, in the order they went. */
function keepBeacons(): { bodies: string[]; restore(): void } {
  const sendBeacon = navigator.sendBeacon
  const bodies: string[] = []
  navigator.sendBeacon = (url, body) => {
    bodies.push(String(body))
    return sendBeacon.call(navigator, url, body)
  }
  return { bodies, restore: () => (navigator.sendBeacon = sendBeacon) }
}

// Focus moves from First Name to Last Name without a key in First Name, then Last Name gets one.
async function startLeavingFirstNameEmpty(root: ShadowRoot) {
  query<HTMLInputElement>(root, '[name="firstName"]').focus()
  query<HTMLInputElement>(root, '[name="lastName"]').focus()
  typeInto(root, 'lastName', sampleLead.lastName)
}

const hidePage = () => dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }))

// Every batch's key, and every event's, is one the function's schema knows: nothing else rides.
function expectOnlyCounts(batch: Arrived) {
  const body = JSON.parse(batch.body)
  expect(checkFunnelBatch(body).success, batch.body).to.equal(true)
  expect(['events', 'page', 'source', 'utmCampaign', 'utmSource']).to.include.members(
    Object.keys(body),
  )
  for (const event of body.events)
    expect(['event', 'field', 'code']).to.include.members(Object.keys(event))
  expect(batch.headers['content-type']).to.match(/^text\/plain/)
  expect(batch.headers).not.to.have.property('cookie')
  return body
}

// The test page's own address, put back after a test that changes it.
const testPage = location.href

describe('the funnel batch a page view sends', () => {
  afterEach(() => {
    for (const element of document.querySelectorAll('demo-request')) element.remove()
    history.replaceState(null, '', testPage)
  })

  it('sends a start and First Name left empty, with the view, when the page is hidden', async () => {
    const run = newRun()
    const element = await mountCounting({
      'supabase-url': standInUrl('success', run),
      source: 'partner-acme',
    })
    await startLeavingFirstNameEmpty(element.shadowRoot as ShadowRoot)
    hidePage()
    const [batch, ...more] = await waitUntil(async () => {
      const batches = await arrived(run)
      return batches.length > 0 && batches
    })
    expect(more).to.deep.equal([])
    const body = expectOnlyCounts(batch as Arrived)
    expect(body.source).to.equal('partner-acme')
    expect(body.page).to.equal(page())
    // The test page was opened with no campaign: the batch names none.
    expect(Object.keys(body).sort()).to.deep.equal(['events', 'page', 'source'])
    expect(body.events).to.have.deep.members([
      { event: 'shown' },
      { event: 'field-empty', field: 'firstName' },
      { event: 'started' },
    ])

    // Each event goes once: hidden again with nothing new, the page sends nothing; First Name
    // left empty a second time goes alone in the next batch.
    hidePage()
    await startLeavingFirstNameEmpty(element.shadowRoot as ShadowRoot)
    hidePage()
    const batches = await waitUntil(async () => {
      const all = await arrived(run)
      return all.length > 1 && all
    })
    expect(batches).to.have.length(2)
    expect(JSON.parse((batches[1] as Arrived).body).events).to.deep.equal([
      { event: 'field-empty', field: 'firstName' },
    ])
  })

  it('counts a view when the form comes into view, and none while it is out of view', async () => {
    const below = document.createElement('div')
    below.style.height = '300vh'
    document.body.append(below)
    const beacons = keepBeacons()
    try {
      const element = await mountCounting({
        'supabase-url': standInUrl('success', newRun()),
        source: 'partner-acme',
      })
      // Below the fold, a hidden page has nothing to send.
      expect(await reportedInView(element)).to.equal(false)
      hidePage()
      expect(beacons.bodies).to.deep.equal([])
      // Scrolled in, the view is recorded when the form's observer next reports: the page is
      // hidden until it has been, and only that one batch goes.
      // Scrolled again at each check: WebKitGTK under Xvfb once kept the page where it was.
      await waitUntil(() => {
        element.scrollIntoView()
        hidePage()
        return beacons.bodies.length > 0
      })
      hidePage()
      expect(beacons.bodies.map((body) => JSON.parse(body).events)).to.deep.equal([
        [{ event: 'shown' }],
      ])
    } finally {
      beacons.restore()
      below.remove()
      scrollTo(0, 0)
    }
  })

  it('sends once for a page that is hidden and left, whichever event comes first', async () => {
    // A closed tab fires both, pagehide first in WebKitGTK 2.50; a tab switched away from and
    // then closed, visibilitychange first. Each sends what is pending; the second finds nothing.
    const element = await mountCounting({
      'supabase-url': standInUrl('success', newRun()),
      source: 'partner-acme',
    })
    const beacons = keepBeacons()
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    const hidden = () => document.dispatchEvent(new Event('visibilitychange'))
    const sent: unknown[][] = []
    try {
      for (const order of [
        [hidePage, hidden],
        [hidden, hidePage],
      ]) {
        const before = beacons.bodies.length
        await startLeavingFirstNameEmpty(element.shadowRoot as ShadowRoot)
        for (const fire of order) fire()
        sent.push(beacons.bodies.slice(before).map((body) => JSON.parse(body).events))
      }
    } finally {
      beacons.restore()
      delete (document as { visibilityState?: string }).visibilityState
    }
    // One batch each time, First Name left empty in it once.
    const leftEmpty = { event: 'field-empty', field: 'firstName' }
    expect(sent.map((batches) => batches.length)).to.deep.equal([1, 1])
    for (const [events] of sent) {
      expect(
        (events as object[]).filter((event) => JSON.stringify(event) === JSON.stringify(leftEmpty)),
      ).to.have.length(1)
    }
  })

  it('with analytics="off", records and sends nothing', async () => {
    const run = newRun()
    const off = await mountCounting({
      'supabase-url': standInUrl('success', run),
      source: 'partner-off',
      analytics: 'off',
    })
    // Read as HTML reads an enumerated attribute: in any case.
    const upper = await mountCounting({
      'supabase-url': standInUrl('success', run),
      source: 'partner-upper-off',
      analytics: 'OFF',
    })
    const on = await mountCounting({
      'supabase-url': standInUrl('success', run),
      source: 'partner-on',
    })
    await startLeavingFirstNameEmpty(off.shadowRoot as ShadowRoot)
    await startLeavingFirstNameEmpty(upper.shadowRoot as ShadowRoot)
    await startLeavingFirstNameEmpty(on.shadowRoot as ShadowRoot)
    // The beacons are queued as the page hides, in its listeners: all of them by the time
    // dispatchEvent returns.
    const beacons = keepBeacons()
    try {
      hidePage()
    } finally {
      beacons.restore()
    }
    expect(beacons.bodies.map((body) => JSON.parse(body).source)).to.deep.equal(['partner-on'])
    // And what arrived is the counting form's batch alone.
    const batches = await waitUntil(async () => {
      const all = await arrived(run)
      return all.length > 0 && all
    })
    expect(batches.map((batch) => JSON.parse(batch.body).source)).to.deep.equal(['partner-on'])
  })

  it('keeps the events before an in-app navigation with their page, and counts the next page', async () => {
    const run = newRun()
    const element = await mountCounting({
      'supabase-url': standInUrl('success', run),
      source: 'partner-spa',
    })
    const root = element.shadowRoot as ShadowRoot
    await startLeavingFirstNameEmpty(root)
    const first = page()
    // The app moves on without a page load, the form still on the page: nothing is hidden yet.
    history.pushState(null, '', `${location.pathname.replace(/\/?$/, '/')}next-step`)
    const next = page()
    expect(next).not.to.equal(first)
    await startLeavingFirstNameEmpty(root)
    hidePage()
    const batches = await waitUntil(async () => {
      const all = await arrived(run)
      return all.length > 1 && all
    })
    const bodies = batches.map((batch) => expectOnlyCounts(batch))
    // Two requests, sent apart: either may reach the server first.
    expect(bodies.map((body) => body.page)).to.have.members([first, next])
    // The next page is a page view of its own: its start brings its view.
    for (const body of bodies) {
      expect(body.events).to.deep.include.members([{ event: 'shown' }, { event: 'started' }])
    }
  })

  it('sends a batch after a send, and leaves nothing on the origin, landed from a campaign', async () => {
    // A campaign in the address, which the lead carries (campaign.ts): read from the address
    // itself, it is written nowhere; each batch carries the same campaign, never the query.
    history.replaceState(null, '', '?utm_campaign=spring&utm_source=news&utm_term=x#f')
    const run = newRun()
    const element = await mountCounting({
      'supabase-url': standInUrl('success', run),
      source: 'partner-acme',
    })
    const root = element.shadowRoot as ShadowRoot
    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => toast(root))
    const [lead] = await recordedRequests(run)
    expect(lead?.body).to.include({ utmSource: 'news', utmCampaign: 'spring' })
    const [batch] = await waitUntil(async () => {
      const batches = await arrived(run)
      return batches.length > 0 && batches
    })
    const body = expectOnlyCounts(batch as Arrived)
    expect(body.page).to.equal(page())
    expect(body.page).not.to.match(/[?#]/)
    expect(body).to.include({ utmSource: 'news', utmCampaign: 'spring' })
    expect(body.events).to.have.deep.members([
      { event: 'shown' },
      { event: 'started' },
      { event: 'send-tried' },
    ])

    // An empty send refused: each field's code, then the page hides.
    submitButton(root).click()
    hidePage()
    const batches = await waitUntil(async () => {
      const all = await arrived(run)
      return all.length > 1 && all
    })
    const refused = expectOnlyCounts(batches[1] as Arrived).events
    expect(refused).to.deep.include({ event: 'send-tried' })
    expect(refused).to.deep.include({ event: 'refused', field: 'firstName', code: 'required' })
    // Nothing else of the visit rides along: not the rest of the query, not what was typed.
    for (const { body: sent } of batches) {
      expect(JSON.parse(sent)).to.include({ utmSource: 'news', utmCampaign: 'spring' })
      for (const value of ['utm_term', '#f', sampleLead.firstName, sampleLead.lastName])
        expect(sent).not.to.include(value)
    }

    // A view, a start and a send: nothing was written to the device.
    expect(await storedOnDevice()).to.deep.equal(nothingStored)
  })
})
