/// <reference types="mocha" />
import { expect } from 'chai'
import { formCopy } from '#core/form-copy.ts'
import {
  endHold,
  heardFromFrame,
  newRequestId,
  pressConfirm,
  renderPanel,
  standInOrigin,
  standInOtherOrigin,
  standInRecord,
  unmountPanels,
} from '../../tests/browser/booking-panel-harness.tsx'
import { waitUntil } from '../../tests/support/wait-until.ts'

afterEach(unmountPanels)

const frameOf = (shadow: ShadowRoot) => shadow.querySelector('iframe')
const statusOf = (shadow: ShadowRoot) => shadow.querySelector('[role="status"]')?.textContent
const linkOf = (shadow: ShadowRoot) => shadow.querySelector('a')

// The booking page's address as the function hands it over, prefilled.
async function page(path: string, prefill: Record<string, string>) {
  return `${await standInOrigin()}/${path}?${new URLSearchParams(prefill)}`
}

const idKey = 'metadata[demoRequestId]'
// Cal.com's last booking message: once the test hears it, the panel has read both.
const calBookingV2 = (data: unknown) => (data as { type?: string })?.type === 'bookingSuccessfulV2'
const calBooking = (data: unknown) => (data as { type?: string })?.type === 'bookingSuccessful'

/** A stand-in Cal.com page, shown in the panel; `extra` shapes its booking. */
async function shownCalPage(extra: Record<string, string> = {}) {
  const id = newRequestId()
  const url = await page('cal/acme/demo', { [idKey]: id, stand_in_commands: '', ...extra })
  const rendered = await renderPanel({ provider: 'cal', url })
  await standInRecord('shown', idKey, id)
  await waitUntil(() => rendered.panel().dataset.stage === 'shown')
  return { ...rendered, id }
}

describe('BookingPanel', () => {
  it('shows a Cal.com page prefilled, answers its ready, takes its height, and books once', async () => {
    const id = newRequestId()
    const url = await page('cal/acme/demo', {
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      [idKey]: id,
      stand_in_height: '480',
      stand_in_commands: '',
    })
    const { shadow, calls, panel } = await renderPanel({ provider: 'cal', url })
    const heading = shadow.querySelector('h2')
    expect(heading?.textContent).to.equal(formCopy.booking.heading)
    expect(panel().getAttribute('aria-labelledby')).to.equal(heading?.id)

    const visit = await standInRecord('visit', idKey, id)
    expect(visit.path).to.equal('/cal/acme/demo/embed')
    expect(visit.query).to.deep.equal({
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      [idKey]: id,
      stand_in_height: '480',
      stand_in_commands: '',
      embed: '',
      embedType: 'inline',
    })
    // The page shows itself only on parentKnowsIframeReady.
    await standInRecord('shown', idKey, id)
    const frame = await waitUntil(() => {
      const found = frameOf(shadow)
      return found?.getBoundingClientRect().height === 480 && found
    })
    expect(panel().dataset.stage).to.equal('shown')
    expect(getComputedStyle(frame).visibility).to.equal('visible')
    expect(frame.title).to.equal(formCopy.booking.frameTitle.cal)
    // Cal.com's embed lets its page take payments; so does the panel.
    expect(frame.getAttribute('allow')).to.equal('payment')
    // Shown at once: no link beside it.
    expect(linkOf(shadow)).to.equal(null)

    // Cal.com posts bookingSuccessful, then bookingSuccessfulV2, for the one booking.
    const both = heardFromFrame(shadow, calBookingV2)
    await pressConfirm(idKey, id)
    await both
    expect(calls.booked).to.equal(1)
    await standInRecord('booked', idKey, id)
    // onBooked comes with the message; the confirmation with the next render.
    await waitUntil(() => statusOf(shadow) === formCopy.booking.booked)
    expect(panel().dataset.stage).to.equal('booked')
    expect(frameOf(shadow) === null, 'no frame').to.equal(true)
    expect(shadow.querySelector('button')?.textContent).to.equal(formCopy.booking.close)
  })

  it('says a booking the host must confirm is requested, and does not call it booked', async () => {
    const { shadow, calls, panel, id } = await shownCalPage({ stand_in_status: 'PENDING' })
    const both = heardFromFrame(shadow, calBookingV2)
    await pressConfirm(idKey, id)
    await both
    await waitUntil(() => statusOf(shadow) === formCopy.booking.requested)
    expect(calls.booked).to.equal(0)
    expect(panel().dataset.stage).to.equal('requested')
    // The heading says so too: no "pick a time" above a time already requested.
    expect(shadow.querySelector('h2')?.textContent).to.equal(formCopy.booking.requestedHeading)
    expect(frameOf(shadow) === null, 'no frame').to.equal(true)
    expect(shadow.querySelector('button')?.textContent).to.equal(formCopy.booking.close)
  })

  it('says a booking still to be paid is not booked, and keeps the page to pay in', async () => {
    const { shadow, calls, panel, id } = await shownCalPage({ stand_in_payment: '' })
    const both = heardFromFrame(shadow, calBookingV2)
    await pressConfirm(idKey, id)
    await both
    await waitUntil(() => statusOf(shadow) === formCopy.booking.payment)
    expect(calls.booked).to.equal(0)
    expect(panel().dataset.stage).to.equal('payment')
    const frame = frameOf(shadow)
    expect(frame === null, 'a frame').to.equal(false)
    expect(getComputedStyle(frame as HTMLIFrameElement).visibility).to.equal('visible')
    expect(shadow.querySelector('button')?.textContent).to.equal(formCopy.booking.notNow)
  })

  it("reads an older Cal.com's bookingSuccessful alone: confirmed, or waiting for the host", async () => {
    const accepted = await shownCalPage({ stand_in_legacy: '' })
    const heard = heardFromFrame(accepted.shadow, calBooking)
    await pressConfirm(idKey, accepted.id)
    await heard
    expect(accepted.calls.booked).to.equal(1)
    await waitUntil(() => statusOf(accepted.shadow) === formCopy.booking.booked)

    const pending = await shownCalPage({ stand_in_legacy: '', stand_in_status: 'PENDING' })
    const pendingHeard = heardFromFrame(pending.shadow, calBooking)
    await pressConfirm(idKey, pending.id)
    await pendingHeard
    await waitUntil(() => statusOf(pending.shadow) === formCopy.booking.requested)
    expect(pending.calls.booked).to.equal(0)
  })

  it('shows and books a page redirected to another of its origins, answering that origin', async () => {
    const id = newRequestId()
    const url = await page('redirect/cal/acme/demo', { [idKey]: id, stand_in_commands: '' })
    const { shadow, calls, panel } = await renderPanel({ provider: 'cal', url })
    const other = await standInOtherOrigin()
    expect(other).to.not.equal(await standInOrigin())
    const visit = await standInRecord('visit', idKey, id)
    expect(visit.origin).to.equal(other)
    // Shown: the page got parentKnowsIframeReady, posted to the origin it now lives on.
    const shown = await standInRecord('shown', idKey, id)
    expect(shown.origin).to.equal(other)
    await waitUntil(() => panel().dataset.stage === 'shown')

    const both = heardFromFrame(shadow, calBookingV2)
    await pressConfirm(idKey, id)
    await both
    expect(calls.booked).to.equal(1)
    await waitUntil(() => statusOf(shadow) === formCopy.booking.booked)
  })

  it('keeps a page that is ready only long after the link was offered, and books there', async () => {
    const id = newRequestId()
    const url = await page('cal/acme/demo', { [idKey]: id, stand_in_hold: '' })
    const { shadow, calls, panel } = await renderPanel({ provider: 'cal', url, linkAfterMs: 200 })
    await standInRecord('visit', idKey, id)
    // The link shows when the wait is over: where the panel used to take the frame away.
    const link = await waitUntil(() => linkOf(shadow))
    expect(statusOf(shadow)).to.equal(formCopy.booking.slow)
    expect(panel().dataset.stage).to.equal('loading')
    expect(frameOf(shadow) === null, 'the frame is still there').to.equal(false)
    expect(link.href).to.equal(url)
    expect(link.target).to.equal('_blank')
    expect(link.rel.split(' ')).to.include('noopener')
    expect(link.textContent).to.equal(formCopy.booking.openInNewTab)

    await endHold(idKey, id)
    await standInRecord('shown', idKey, id)
    await waitUntil(() => panel().dataset.stage === 'shown')
    const frame = frameOf(shadow) as HTMLIFrameElement
    expect(getComputedStyle(frame).visibility).to.equal('visible')
    // Kept, once offered: nothing moves under the visitor's pointer.
    expect(linkOf(shadow) === link, 'the same link').to.equal(true)

    const both = heardFromFrame(shadow, calBookingV2)
    await pressConfirm(idKey, id)
    await both
    expect(calls.booked).to.equal(1)
  })

  it('shows a Calendly page prefilled, takes its page height, and books', async () => {
    const id = newRequestId()
    const url = await page('calendly/acme/demo', {
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      embed_domain: location.host,
      utm_content: id,
      stand_in_height: '520',
      stand_in_commands: '',
    })
    const { shadow, calls, panel } = await renderPanel({ provider: 'calendly', url })
    const visit = await standInRecord('visit', 'utm_content', id)
    expect(visit.query).to.deep.include({ embed_domain: location.host, embed_type: 'Inline' })
    await waitUntil(() => frameOf(shadow)?.getBoundingClientRect().height === 520)
    expect(panel().dataset.stage).to.equal('shown')

    const scheduled = heardFromFrame(
      shadow,
      (data) => (data as { event?: string })?.event === 'calendly.event_scheduled',
    )
    await pressConfirm('utm_content', id)
    await scheduled
    expect(calls.booked).to.equal(1)
    // onBooked comes with the message; the confirmation with the next render.
    await waitUntil(() => statusOf(shadow) === formCopy.booking.booked)
  })

  it("shows a silent Calendly page, and beside it a link without the frame's embed_domain", async () => {
    const id = newRequestId()
    const url = await page('silent/calendly/acme/demo', {
      name: 'Ada',
      embed_domain: location.host,
      utm_content: id,
    })
    const { shadow, panel } = await renderPanel({ provider: 'calendly', url, linkAfterMs: 200 })
    await standInRecord('visit', 'utm_content', id)
    const link = await waitUntil(() => linkOf(shadow))
    const opened = new URL(link.href)
    expect(opened.searchParams.has('embed_domain')).to.equal(false)
    expect(opened.searchParams.get('utm_content')).to.equal(id)
    expect(opened.searchParams.get('name')).to.equal('Ada')
    expect(panel().dataset.stage).to.equal('loading')
    // Calendly's page draws itself whether it speaks or not: the frame is not hidden.
    const frame = frameOf(shadow) as HTMLIFrameElement
    expect(getComputedStyle(frame).visibility).to.equal('visible')
  })

  it('takes the frame away, offering the page in a new tab, when the page says it failed', async () => {
    const id = newRequestId()
    const url = await page('cal/acme/demo', { [idKey]: id, stand_in_fail: '404' })
    const { shadow, panel, calls } = await renderPanel({
      provider: 'cal',
      url,
      linkAfterMs: 60_000,
    })
    const link = await waitUntil(() => linkOf(shadow))
    expect(panel().dataset.stage).to.equal('blocked')
    expect(statusOf(shadow)).to.equal(formCopy.booking.blocked)
    expect(link.href).to.equal(url)
    expect(frameOf(shadow) === null, 'no frame').to.equal(true)
    expect(calls.booked).to.equal(0)
  })

  it('trusts only its own frame: not another frame of the same origin, not this page', async () => {
    const id = newRequestId()
    const origin = await standInOrigin()
    const { calls, panel } = await renderPanel({
      provider: 'cal',
      url: `${origin}/silent/cal/acme/demo?metadata%5BdemoRequestId%5D=${id}`,
      linkAfterMs: 60_000,
    })
    // A second Cal.com page on this document, from the very origin the panel trusts.
    const decoy = document.createElement('iframe')
    decoy.src = `${origin}/cal/acme/demo/embed?embed=&metadata%5BdemoRequestId%5D=decoy-${id}`
    decoy.title = 'Decoy'
    // In view: Chromium holds back a cross-origin frame below the fold.
    decoy.style.cssText = 'position: fixed; inset-block-start: 0; inset-inline-start: 0'
    const decoySpoke = new Promise<void>((resolve) => {
      addEventListener('message', function spoke(event) {
        if (event.source !== decoy.contentWindow || event.data?.type !== '__dimensionChanged')
          return
        removeEventListener('message', spoke)
        resolve()
      })
    })
    document.body.append(decoy)
    try {
      await decoySpoke
      // This page's own booking message, then a marker: messages to one window arrive in order.
      const marker = new Promise<void>((resolve) => {
        addEventListener('message', (event) => event.data === 'marker' && resolve())
      })
      postMessage(
        {
          originator: 'CAL',
          type: 'bookingSuccessfulV2',
          namespace: '',
          fullType: 'CAL::bookingSuccessfulV2',
          data: { status: 'ACCEPTED', paymentRequired: false },
        },
        '*',
      )
      postMessage({ event: 'calendly.event_scheduled', payload: {} }, '*')
      postMessage('marker', '*')
      await marker
      expect(panel().dataset.stage).to.equal('loading')
      expect(calls.booked).to.equal(0)
    } finally {
      decoy.remove()
    }
  })

  it('shows a link-only page as a link, with no frame', async () => {
    const url = 'https://outlook.office.com/bookwithme/user/abc'
    const { shadow } = await renderPanel({ provider: 'link', url })
    expect(shadow.querySelector('a')?.href).to.equal(url)
    expect(statusOf(shadow)).to.equal(formCopy.booking.linkOnly)
    expect(frameOf(shadow) === null, 'no frame').to.equal(true)
  })

  it('closes on "Not now"', async () => {
    const url = await page('calendly/acme/demo', { utm_content: newRequestId() })
    const { shadow, calls } = await renderPanel({ provider: 'calendly', url })
    const button = shadow.querySelector('button')
    expect(button?.textContent).to.equal(formCopy.booking.notNow)
    button?.click()
    expect(calls.closed).to.equal(1)
    expect(calls.booked).to.equal(0)
  })
})
