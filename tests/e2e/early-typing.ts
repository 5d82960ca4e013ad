// A visitor who starts typing the moment the form shows, before (or while) the live form takes
// over from the static one: what the site and a partner page must both keep.
import type { Browser, Page } from 'playwright-core'
import { formCopy } from '#core/form-copy.ts'
import {
  fillMoments,
  fillPlan,
  fillWhileLoading,
  type SweepPoint,
  sendAtPoint,
  withFillPlan,
} from '../support/fill-while-loading.ts'
import { liveFormShown, liveFormState as readLiveForm, typedAtOnce } from '../support/live-form.ts'

const keyDelayMs = 40
const { fields } = formCopy

/** Slows the page's CPU by `rate` (Chromium's DevTools protocol), as a low-end phone runs. */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const session = await page.context().newCDPSession(page)
  await session.send('Emulation.setCPUThrottlingRate', { rate })
}

/**
 * Types a first and a last name, 40 ms a key, into whichever form shows: a click on First Name
 * as soon as it is visible (a visitor does not wait for it to be ready), then on Last Name.
 */
export async function typeAtOnce(page: Page): Promise<void> {
  await clickWhereShown(page, fields.firstName.label)
  await page.keyboard.type('Ada', { delay: keyDelayMs })
  await clickWhereShown(page, fields.lastName.label)
  await page.keyboard.type('Love', { delay: keyDelayMs })
}

// The mouse, at the field's place on screen: whichever form is there then gets the click.
async function clickWhereShown(page: Page, label: string) {
  const field = page.getByLabel(label)
  // The field found may be replaced before it is measured: then measure the one that replaced it.
  for (;;) {
    await field.waitFor()
    const box = await field.boundingBox()
    if (box) return page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  }
}

/** Waits for the live form alone. */
export function waitForLiveForm(page: Page): Promise<unknown> {
  return page.waitForFunction(liveFormShown)
}

/** What the live form holds, and where focus and the caret are. */
export function liveFormState(page: Page) {
  return page.evaluate(readLiveForm)
}

// Once the live form has taken over, every later moment after the form showed fills the live
// form, as the moments after the live form do: a partner page's take-over came by the 4th of the
// 31 such moments, the site's by the 18th, and the rest were page loads alike (about 0.4 s of a
// core each in Chromium, and a lead each). The sweep goes this many moments past the take-over.
const pastTakeOver = 3

/**
 * Loads `url` once for each moment of the sweep, every 10 ms (fill-while-loading.ts) until
 * `pastTakeOver` moments in a row filled the live form, then each moment after the live form, in
 * one tab: a script fills the form at that moment, and once the live form shows the visitor
 * presses the button. Returns what each point did; the caller checks what was stored.
 */
export async function sweepFills(browser: Browser, url: string, run: string) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } })
  context.setDefaultTimeout(10_000)
  const tab = await context.newPage()
  await tab.addInitScript(fillWhileLoading)
  const points: SweepPoint[] = []
  let liveInARow = 0
  try {
    for (const [index, moment] of fillMoments(10).entries()) {
      if (moment.after === 'shown' && liveInARow >= pastTakeOver) continue
      const plan = fillPlan(moment, index, run)
      await tab.goto(withFillPlan(url, plan), { waitUntil: 'commit' })
      const point = await sendAtPoint((script) => tab.evaluate(script), plan)
      points.push(point)
      liveInARow = point.record.filled === 'live' ? liveInARow + 1 : 0
    }
  } finally {
    await context.close()
  }
  return points
}

export { typedAtOnce }
