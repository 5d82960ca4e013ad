/// <reference types="mocha" />
import { sendKeys, setViewport } from '@web/test-runner-commands'
import { expect } from 'chai'
import {
  newRequestId,
  renderPanel,
  standInOrigin,
  standInRecord,
  unmountPanels,
} from '../tests/browser/booking-panel-harness.tsx'
import { waitUntil } from '../tests/support/wait-until.ts'
import { bookingCopy } from './booking-copy.ts'

afterEach(unmountPanels)

const frameOf = (shadow: ShadowRoot) => shadow.querySelector('iframe')

// The booking page's address as the function hands it over, prefilled.
async function page(path: string, prefill: Record<string, string>) {
  return `${await standInOrigin()}/${path}?${new URLSearchParams(prefill)}`
}

// Tab from the focused heading goes into the frame, to its only control, Confirm: a keyboard
// user books as a mouse user does. Cal.com's page is hidden, so unreachable, until it is shown.
async function confirmByKeyboard() {
  await sendKeys({ press: 'Tab' })
  await sendKeys({ press: 'Enter' })
}

describe('BookingPanel', () => {
  it('shows a Cal.com page prefilled, answers its ready, takes its height, and books', async () => {
    const id = newRequestId()
    const url = await page('cal/acme/demo', {
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      'metadata[demoRequestId]': id,
      stand_in_height: '480',
    })
    const { shadow, calls, panel } = await renderPanel({ provider: 'cal', url })
    const heading = shadow.querySelector('h2')
    expect(heading?.textContent).to.equal(bookingCopy.heading)
    expect(shadow.activeElement).to.equal(heading)
    expect(panel().getAttribute('aria-labelledby')).to.equal(heading?.id)

    const visit = await standInRecord('visit', 'metadata[demoRequestId]', id)
    expect(visit.path).to.equal('/cal/acme/demo/embed')
    expect(visit.query).to.deep.equal({
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      'metadata[demoRequestId]': id,
      stand_in_height: '480',
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
    expect(frame.title).to.equal(bookingCopy.frameTitle.cal)

    await confirmByKeyboard()
    await waitUntil(() => calls.booked === 1)
    await standInRecord('booked', 'metadata[demoRequestId]', id)
    expect(shadow.querySelector('[role="status"]')?.textContent).to.equal(bookingCopy.booked)
    expect(frameOf(shadow)).to.equal(null)
    expect(shadow.querySelector('button')?.textContent).to.equal(bookingCopy.close)
  })

  it('shows a Calendly page prefilled, takes its page height, and books', async () => {
    const id = newRequestId()
    const url = await page('calendly/acme/demo', {
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      embed_domain: location.host,
      utm_content: id,
      stand_in_height: '520',
    })
    const { shadow, calls, panel } = await renderPanel({ provider: 'calendly', url })
    const visit = await standInRecord('visit', 'utm_content', id)
    expect(visit.query).to.deep.include({ embed_domain: location.host, embed_type: 'Inline' })
    await waitUntil(() => frameOf(shadow)?.getBoundingClientRect().height === 520)
    expect(panel().dataset.stage).to.equal('shown')

    await confirmByKeyboard()
    await waitUntil(() => calls.booked === 1)
    expect(shadow.querySelector('[role="status"]')?.textContent).to.equal(bookingCopy.booked)
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
    expect(link.textContent).to.equal(bookingCopy.openInNewTab)
    expect(link.parentElement?.textContent).to.contain(bookingCopy.blocked)
    expect(frameOf(shadow)).to.equal(null)
  })

  it('shows a link-only page as a link, with no frame', async () => {
    const url = 'https://outlook.office.com/bookwithme/user/abc'
    const { shadow } = await renderPanel({ provider: 'link', url })
    expect(shadow.querySelector('a')?.href).to.equal(url)
    expect(shadow.querySelector('a')?.parentElement?.textContent).to.contain(bookingCopy.linkOnly)
    expect(frameOf(shadow)).to.equal(null)
  })

  it('closes on "Not now"', async () => {
    const url = await page('calendly/acme/demo', { utm_content: newRequestId() })
    const { shadow, calls } = await renderPanel({ provider: 'calendly', url })
    const button = shadow.querySelector('button')
    expect(button?.textContent).to.equal(bookingCopy.notNow)
    button?.click()
    expect(calls.closed).to.equal(1)
    expect(calls.booked).to.equal(0)
  })

  it('fits 320 px without scrolling sideways', async () => {
    await setViewport({ width: 320, height: 640 })
    try {
      const id = newRequestId()
      const url = await page('cal/acme/demo', { 'metadata[demoRequestId]': id })
      const { shadow } = await renderPanel({ provider: 'cal', url })
      await waitUntil(() => shadow.querySelector('[data-stage="shown"]'))
      expect(document.documentElement.scrollWidth).to.be.at.most(320)
      for (const element of shadow.querySelectorAll('h2, p, iframe, button')) {
        expect(element.getBoundingClientRect().right, element.tagName).to.be.at.most(320)
      }
      const button = shadow.querySelector('button') as HTMLButtonElement
      expect(button.getBoundingClientRect().height).to.be.at.least(44)
    } finally {
      await setViewport({ width: 800, height: 600 })
    }
  })
})
