/// <reference types="mocha" />
// The panel through what Chromium's test driver alone offers here (see scripts/test-engines.ts):
// a Windows contrast theme (tests/browser/forced-colors.js), a 320 px viewport, a real click
// routed into the cross-origin frame, and a page that keeps the focus (WebKit's driver runs two
// files in frames of one page, and the other may hold it).
import { executeServerCommand, resetMouse, sendMouse, setViewport } from '@web/test-runner-commands'
import { expect } from 'chai'
import { formCopy } from '#core/form-copy.ts'
import {
  newRequestId,
  renderPanel,
  standInOrigin,
  standInRecord,
  unmountPanels,
} from '../../tests/browser/booking-panel-harness.tsx'
import { waitUntil } from '../../tests/support/wait-until.ts'

afterEach(unmountPanels)

async function calPage(id: string) {
  return `${await standInOrigin()}/cal/acme/demo?${new URLSearchParams({ 'metadata[demoRequestId]': id })}`
}

describe('BookingPanel and the focus', () => {
  it('moves the focus to its heading, which names the panel', async () => {
    const { shadow, panel } = await renderPanel({
      provider: 'cal',
      url: await calPage(newRequestId()),
    })
    const heading = shadow.querySelector('h2')
    // Compared, not handed to chai: a failure would print whole DOM nodes.
    expect(shadow.activeElement === heading, `focus on ${shadow.activeElement?.tagName}`).to.equal(
      true,
    )
    expect(panel().getAttribute('aria-labelledby')).to.equal(heading?.id)
  })
})

describe('BookingPanel in forced colors', () => {
  before(() => executeServerCommand('forced-colors', { active: true }))
  after(() => executeServerCommand('forced-colors', { active: false }))

  it('outlines its button, underlines its link and rings the focused button', async () => {
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true)
    const { shadow } = await renderPanel({ provider: 'link', url: 'https://book.example/demo' })
    const button = shadow.querySelector('button') as HTMLButtonElement
    const style = getComputedStyle(button)
    expect(Number.parseFloat(style.borderTopWidth)).to.be.at.least(1)
    expect(style.borderTopStyle).to.equal('solid')
    expect(style.borderTopColor).to.not.equal('rgba(0, 0, 0, 0)')
    const link = shadow.querySelector('a') as HTMLAnchorElement
    expect(getComputedStyle(link).textDecorationLine).to.contain('underline')
    button.focus()
    expect(getComputedStyle(button).outlineStyle).to.equal('solid')
  })
})

describe('BookingPanel at 320 px', () => {
  before(() => setViewport({ width: 320, height: 640 }))
  after(() => setViewport({ width: 800, height: 600 }))

  it('shows the page without scrolling sideways, its button a full target', async () => {
    const { shadow } = await renderPanel({ provider: 'cal', url: await calPage(newRequestId()) })
    await waitUntil(() => shadow.querySelector('[data-stage="shown"]'))
    expect(document.documentElement.scrollWidth).to.be.at.most(320)
    for (const element of shadow.querySelectorAll('h2, p, iframe, button')) {
      expect(element.getBoundingClientRect().right, element.tagName).to.be.at.most(320)
    }
    const button = shadow.querySelector('button') as HTMLButtonElement
    expect(button.getBoundingClientRect().height).to.be.at.least(44)
  })
})

describe('BookingPanel and a real click', () => {
  it("books when the visitor clicks the page's own Confirm", async () => {
    const id = newRequestId()
    const { shadow, calls } = await renderPanel({ provider: 'cal', url: await calPage(id) })
    // The page tells where its Confirm is once it has been shown.
    const shown = await standInRecord('shown', 'metadata[demoRequestId]', id)
    const frame = await waitUntil(() =>
      shadow.querySelector<HTMLIFrameElement>('[data-state="shown"]'),
    )
    const [x, y] = shown.confirmAt ?? [0, 0]
    const box = frame.getBoundingClientRect()
    const position: [number, number] = [Math.round(box.left + x), Math.round(box.top + y)]
    // Chromium routes a click into a frame of another process only once that frame's hit-test
    // data has reached the page, which can lag while the other test file's page is in front: a
    // click that landed nowhere is made again, as a visitor would. The driver's mouse is let go
    // first: a click the frame swallowed halfway left its button down ("'left' is already
    // pressed", once in eleven runs).
    for (let attempt = 1; calls.booked === 0; attempt++) {
      if (attempt > 1) await resetMouse()
      await sendMouse({ type: 'click', position })
      await waitUntil(() => calls.booked === 1, { timeoutMs: 3000 }).catch((error) => {
        if (attempt === 3) throw error
      })
    }
    expect(calls.booked).to.equal(1)
    // onBooked comes with the message; the confirmation with the next render.
    await waitUntil(
      () => shadow.querySelector('[role="status"]')?.textContent === formCopy.booking.booked,
    )
    // The click left the focus in the frame, which is gone: the heading has it back.
    await waitUntil(() => shadow.activeElement === shadow.querySelector('h2'))
  })
})
