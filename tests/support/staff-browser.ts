// A member of staff at the console, the same few acts in each engine's own protocol: Playwright
// for Chromium, puppeteer-core over WebDriver BiDi for Firefox, webdriverio over W3C WebDriver
// for WebKit. Controls are found as a person finds them: a field by its label, a button or link
// by the words on it.
import type { Browser as PlaywrightBrowser } from 'playwright-core'
import type * as puppeteer from 'puppeteer-core'
import { connectFirefox } from '../engines/shared-firefox.ts'
import { webkitSession } from '../engines/webkit-session.ts'

export interface StaffPage {
  open(url: string): Promise<void>
  /** Types `text` into the field labelled `label`, after clearing it. */
  fill(label: string, text: string): Promise<void>
  /** Chooses the option reading `option` in the select labelled `label`. */
  choose(label: string, option: string): Promise<void>
  /** Clicks the button or link reading `name` (its words or its aria-label). */
  press(name: string): Promise<void>
  /** Resolves once the page's text contains `text`. */
  waitForText(text: string): Promise<void>
  /** The page's visible text. */
  text(): Promise<string>
  /** Runs `script` in the page with `arg`, and returns what it resolves to. */
  evaluate<T, A>(script: (arg: A) => T | Promise<T>, arg: A): Promise<T>
  close(): Promise<void>
}

const waitMs = 15_000

// Run in the page: the control a person would take for `name`, or null. Whitespace is
// normalised, as a person reads it.
function findControl(name: string): HTMLElement | null {
  const words = (node: Element) => (node.textContent ?? '').replace(/\s+/g, ' ').trim()
  const label = [...document.querySelectorAll('label')].find((node) => words(node) === name)
  if (label) {
    return (
      (label.htmlFor ? document.getElementById(label.htmlFor) : null) ??
      label.querySelector('input, select, textarea')
    )
  }
  const clickable = [...document.querySelectorAll('button, a, [role="button"], [role="tab"]')]
  return (
    (clickable.find((node) => words(node) === name || node.getAttribute('aria-label') === name) as
      | HTMLElement
      | undefined) ?? null
  )
}

// What a person sees: innerText leaves out hidden nodes, which textContent would read.
// biome-ignore lint/performance/useDomNodeTextContent: the visible text is the point
const pageText = () => document.body.innerText

// Run in the page: brings `control` to the middle of the window, as a person scrolls to what
// they mean to press. Firefox's driver clicks a control it deems in view where it is, even when
// the site's fixed header covers it (a scrolled page's top), and the click lands on the header.
// At once, not smoothly as the site scrolls: a click must not aim at a control still moving.
const toMiddle = (control: Element) =>
  control.scrollIntoView({ block: 'center', behavior: 'instant' })
// biome-ignore lint/performance/useDomNodeTextContent: the visible text is the point
const showsText = (text: string) => document.body.innerText.includes(text)

function playwrightStaff(browser: PlaywrightBrowser): () => Promise<StaffPage> {
  return async () => {
    const context = await browser.newContext({ acceptDownloads: true })
    const page = await context.newPage()
    const control = async (name: string) => {
      const handle = await page.waitForFunction(findControl, name, { timeout: waitMs })
      const element = handle.asElement()
      if (!element) throw new Error(`No control "${name}"`)
      return element
    }
    return {
      open: async (url) => void (await page.goto(url)),
      fill: async (label, text) => (await control(label)).fill(text),
      choose: async (label, option) =>
        void (await (await control(label)).selectOption({ label: option })),
      press: async (name) => {
        const target = await control(name)
        await target.evaluate(toMiddle)
        await target.click()
      },
      waitForText: async (text) =>
        void (await page.waitForFunction(showsText, text, {
          timeout: waitMs,
        })),
      text: () => page.evaluate(pageText),
      evaluate: (script, arg) => page.evaluate(script as never, arg) as never,
      close: () => context.close(),
    }
  }
}

// The run's one Firefox (shared-firefox.ts) for every member of staff a run signs in, each in a user
// context of their own (WebDriver BiDi's fresh cookies and storage, as a new browser has them):
// a launch and its close cost several seconds of a serial stage, where a context costs under one.
// One session on it for the file, ended once the file is done with it.
let firefox: Promise<puppeteer.Browser> | undefined

function sharedFirefox(endpoint: string) {
  if (!firefox) {
    firefox = connectFirefox(endpoint)
    // A connection that failed is tried again by the next person, not handed to every one after.
    firefox.catch(() => (firefox = undefined))
  }
  return firefox
}

/** Ends the session on the Firefox the staff pages shared, if one was made: Firefox runs on. */
export async function stopStaffBrowsers(): Promise<void> {
  const running = firefox
  firefox = undefined
  const browser = await running?.catch(() => undefined)
  await browser?.disconnect()
}

async function firefoxStaff(endpoint: string): Promise<StaffPage> {
  const browser = await sharedFirefox(endpoint)
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  const control = async (name: string) => {
    const handle = await page.waitForFunction(findControl, { timeout: waitMs }, name)
    return handle.asElement() as puppeteer.ElementHandle<HTMLElement>
  }
  return {
    open: async (url) => void (await page.goto(url)),
    fill: async (label, text) => {
      const field = await control(label)
      await field.click({ count: 3 })
      await field.evaluate((node) => {
        ;(node as HTMLInputElement).select?.()
      })
      await page.keyboard.press('Backspace')
      await field.type(text)
    },
    choose: async (label, option) => {
      const select = await control(label)
      const value = await select.evaluate(
        (node, text) =>
          [...(node as HTMLSelectElement).options].find((item) => item.text === text)?.value,
        option,
      )
      await select.select(value ?? option)
    },
    press: async (name) => {
      const target = await control(name)
      await target.evaluate(toMiddle)
      await target.click()
    },
    waitForText: async (text) =>
      void (await page
        .waitForFunction(showsText, { timeout: waitMs }, text)
        .catch(async (error) => {
          throw new Error(`${error.message}: no "${text}" in ${await page.evaluate(pageText)}`)
        })),
    text: () => page.evaluate(pageText),
    evaluate: (script, arg) => page.evaluate(script as never, arg) as never,
    close: () => context.close(),
  }
}

async function webkitStaff(hostname: string, port: number): Promise<StaffPage> {
  const browser = await webkitSession(hostname, port)
  const control = async (name: string) => {
    await browser.waitUntil(() => browser.execute(findControl, name).then(Boolean), {
      timeout: waitMs,
      timeoutMsg: `No control "${name}"`,
    })
    // The script's element comes back as a WebDriver element reference, which $ takes.
    const reference = (await browser.execute(findControl, name)) as unknown
    return browser.$(reference as Parameters<typeof browser.$>[0])
  }
  return {
    open: (url) => browser.url(url).then(() => undefined),
    fill: async (label, text) => {
      const field = await control(label)
      await field.clearValue()
      await field.addValue(text)
    },
    choose: async (label, option) => (await control(label)).selectByVisibleText(option),
    press: async (name) => {
      const target = await control(name)
      await browser.execute(toMiddle, target as unknown as Element)
      await target.click()
    },
    waitForText: (text) =>
      browser
        .waitUntil(() => browser.execute(showsText, text), {
          timeout: waitMs,
          timeoutMsg: `No text "${text}"`,
        })
        .then(() => undefined),
    text: () => browser.execute(pageText),
    evaluate: (script, arg) => browser.execute(script as never, arg) as never,
    close: () => browser.deleteSession(),
  }
}

/** What opens a new, signed-out browser for one person in each engine. */
export type StaffEngine =
  | { name: 'chromium'; browser: PlaywrightBrowser }
  | { name: 'firefox'; endpoint: string }
  | { name: 'webkit'; hostname: string; port: number }

/** A fresh browser (or context) for one member of staff, in `engine`. */
export function openStaffPage(engine: StaffEngine): Promise<StaffPage> {
  switch (engine.name) {
    case 'chromium':
      return playwrightStaff(engine.browser)()
    case 'firefox':
      return firefoxStaff(engine.endpoint)
    case 'webkit':
      return webkitStaff(engine.hostname, engine.port)
  }
}
