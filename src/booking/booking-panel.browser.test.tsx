/// <reference types="mocha" />
import { expect } from 'chai'
import {
  newRequestId,
  pressConfirm,
  renderPanel,
  standInOrigin,
  standInRecord,
  unmountPanels,
} from '../../tests/browser/booking-panel-harness.tsx'
import { waitUntil } from '../../tests/support/wait-until.ts'
import { formCopy } from '../form-copy.ts'

afterEach(unmountPanels)

const frameOf = (shadow: ShadowRoot) => shadow.querySelector('iframe')

// The booking page's address as the function hands it over, prefilled.
async function page(path: string, prefill: Record<string, string>) {
  return `${await standInOrigin()}/${path}?${new URLSearchParams(prefill)}`
}

describe('BookingPanel', () => {
  it('shows a Cal.com page prefilled, answers its ready, takes its height, and books', async () => {
    const id = newRequestId()
    const url = await page('cal/acme/demo', {
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      'metadata[demoRequestId]': id,
      stand_in_height: '480',
      stand_in_commands: '',
    })
    const { shadow, calls, panel } = await renderPanel({ provider: 'cal', url })
    const heading = shadow.querySelector('h2')
    expect(heading?.textContent).to.equal(formCopy.booking.heading)
    expect(panel().getAttribute('aria-labelledby')).to.equal(heading?.id)

    const visit = await standInRecord('visit', 'metadata[demoRequestId]', id)
    expect(visit.path).to.equal('/cal/acme/demo/embed')
    expect(visit.query).to.deep.equal({
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      'metadata[demoRequestId]': id,
      stand_in_height: '480',
      stand_in_commands: '',
      embed: '',
      embedType: 'inline',
    })
    // The page shows itself only on parentKnowsIframeReady.
    await standInRecord('shown', 'metadata[demoRequestId]', id)
    const frame = await waitUntil(() => {
      const found = frameOf(shadow)
      return found?.getBoundingClientRect().height === 480 && found
    })
    expect(panel().dataset.stage).to.equal('shown')
    expect(getComputedStyle(frame).visibility).to.equal('visible')
    expect(frame.title).to.equal(formCopy.booking.frameTitle.cal)

    await pressConfirm('metadata[demoRequestId]', id)
    await waitUntil(() => calls.booked === 1)
    await standInRecord('booked', 'metadata[demoRequestId]', id)
    // onBooked comes with the message; the confirmation with the next render.
    await waitUntil(
      () => shadow.querySelector('[role="status"]')?.textContent === formCopy.booking.booked,
    )
    expect(frameOf(shadow) === null, 'no frame').to.equal(true)
    expect(shadow.querySelector('button')?.textContent).to.equal(formCopy.booking.close)
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

    await pressConfirm('utm_content', id)
    await waitUntil(() => calls.booked === 1)
    // onBooked comes with the message; the confirmation with the next render.
    await waitUntil(
      () => shadow.querySelector('[role="status"]')?.textContent === formCopy.booking.booked,
    )
  })

  it('trusts only its own frame: not another frame of the same origin, not this page', async () => {
    const id = newRequestId()
    const origin = await standInOrigin()
    const { calls, panel } = await renderPanel({
      provider: 'cal',
      url: `${origin}/silent/cal/acme/demo?metadata%5BdemoRequestId%5D=${id}`,
      readyTimeoutMs: 60_000,
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
          data: {},
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

  it('offers the same page in a new tab when the page never speaks', async () => {
    const id = newRequestId()
    const url = await page('silent/calendly/acme/demo', { utm_content: id, name: 'Ada' })
    const { shadow, panel } = await renderPanel({ provider: 'calendly', url, readyTimeoutMs: 300 })
    await standInRecord('visit', 'utm_content', id)
    const link = await waitUntil(() => shadow.querySelector('a'))
    expect(panel().dataset.stage).to.equal('blocked')
    expect(link.href).to.equal(url)
    expect(link.target).to.equal('_blank')
    expect(link.rel.split(' ')).to.include('noopener')
    expect(link.textContent).to.equal(formCopy.booking.openInNewTab)
    expect(link.parentElement?.textContent).to.contain(formCopy.booking.blocked)
    expect(frameOf(shadow) === null, 'no frame').to.equal(true)
  })

  it('shows a link-only page as a link, with no frame', async () => {
    const url = 'https://outlook.office.com/bookwithme/user/abc'
    const { shadow } = await renderPanel({ provider: 'link', url })
    expect(shadow.querySelector('a')?.href).to.equal(url)
    expect(shadow.querySelector('a')?.parentElement?.textContent).to.contain(
      formCopy.booking.linkOnly,
    )
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
