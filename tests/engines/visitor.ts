// A visitor at the keyboard, the same few acts in each engine's own protocol: puppeteer-core over
// WebDriver BiDi for Firefox, webdriverio over W3C WebDriver for WebKit. Fields are found by their
// label inside <demo-request>'s shadow root, and typed into key by key.
import type * as puppeteer from 'puppeteer-core'
import { type FillPlan, fillWhileLoading, withFillPlan } from '../support/fill-while-loading.ts'
import type { HostProxy } from '../support/host-proxy.ts'
import { type VisitorEngine, webkitCapabilities } from './engines.ts'
import { connectFirefox } from './shared-firefox.ts'
import { webkitSession } from './webkit-session.ts'

type ProxyAddress = Pick<HostProxy, 'address'>

export interface Visitor {
  open(url: string): Promise<void>
  type(label: string, text: string): Promise<void>
  /**
   * Clicks where the field labelled `label` shows, as a visitor does, and types into whatever then
   * has the focus: the field found may be replaced (the static form by the live one) meanwhile.
   */
  typeAt(label: string, text: string): Promise<void>
  /**
   * Opens `url` with a script that fills the form while it loads (fill-while-loading.ts): run
   * before the page's own in Firefox; in WebKit, whose driver cannot, from a page of the same
   * origin (`blank`) that opens `url` in a popup: not a frame, which the site's
   * `frame-ancestors 'none'` refuses, as the hosted site does.
   */
  openFilling(url: string, blank: string, plan: FillPlan): Promise<void>
  /** Chooses the option reading `option` in the select labelled `label`. */
  choose(label: string, option: string): Promise<void>
  press(button: string): Promise<void>
  /**
   * Closes the page's tab, as a visitor does (the page is hidden and unloaded); a new, empty tab
   * takes its place, for the next `open`. WebKitGTK 2.50 fires `pagehide`, then
   * `visibilitychange`, in the closed tab, and delivers a beacon sent from either (10 of 10).
   */
  closeTab(): Promise<void>
  /** Runs `script` in the page and returns what it returns, once resolved. */
  evaluate<T>(script: () => T | Promise<T>): Promise<T>
  close(): Promise<void>
}

// Run in the page: the control labelled `label`, or the button reading `label`.
function inForm(label: string): HTMLElement | null {
  const root = document.querySelector('demo-request')?.shadowRoot
  const found = [...(root?.querySelectorAll('label, button') ?? [])].find(
    (node) => node.textContent === label,
  )
  if (found instanceof HTMLLabelElement) return root?.getElementById(found.htmlFor) ?? null
  return (found as HTMLElement | undefined) ?? null
}

// Run in the page: the middle of the control labelled `label`, in the viewport.
function middleOf(label: string): { x: number; y: number } | null {
  const root = document.querySelector('demo-request')?.shadowRoot
  const found = [...(root?.querySelectorAll('label') ?? [])].find(
    (node) => node.textContent === label,
  )
  const box = root?.getElementById(found?.htmlFor ?? '')?.getBoundingClientRect()
  return box
    ? { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) }
    : null
}

// A user context of the run's one Firefox (shared-firefox.ts), whose plain-http requests already go
// through the host proxy: fresh cookies and storage, as a new browser has them.
async function firefoxVisitor(endpoint: string): Promise<Visitor> {
  const browser = await connectFirefox(endpoint)
  const context = await browser.createBrowserContext()
  const newTab = async () => {
    const tab = await context.newPage()
    // Does nothing on a page whose address has no plan.
    await tab.evaluateOnNewDocument(fillWhileLoading)
    return tab
  }
  let page = await newTab()
  const control = async (label: string) => {
    const handle = await page.waitForFunction(inForm, { timeout: 10_000 }, label)
    return handle.asElement() as puppeteer.ElementHandle<HTMLElement>
  }
  return {
    // Back as soon as the page is parsed: a visitor starts on what shows, before scripts finish.
    // (WebKitWebDriver's `eager` strategy left scripts run just after it unanswered: WebKit's
    // visitor waits for the load event.)
    open: async (url) => void (await page.goto(url, { waitUntil: 'domcontentloaded' })),
    type: async (label, text) => (await control(label)).type(text),
    typeAt: async (label, text) => {
      const handle = await page.waitForFunction(middleOf, { timeout: 10_000 }, label)
      const { x, y } = (await handle.jsonValue()) as { x: number; y: number }
      await page.mouse.click(x, y)
      await page.keyboard.type(text)
    },
    openFilling: async (url, _blank, plan) =>
      void (await page.goto(withFillPlan(url, plan), { waitUntil: 'domcontentloaded' })),
    // By the option's text, as WebKit's visitor chooses: the value may be another (Spanish).
    choose: async (label, option) => {
      const select = await control(label)
      const value = await select.evaluate(
        (node, text) =>
          [...(node as HTMLSelectElement).options].find((item) => item.text === text)?.value,
        option,
      )
      await select.select(value ?? option)
    },
    press: async (button) => (await control(button)).click(),
    closeTab: async () => {
      const next = await newTab()
      await page.close()
      page = next
    },
    evaluate: (script) => page.evaluate(script) as never,
    close: async () => {
      await context.close()
      await browser.disconnect()
    },
  }
}

async function webkitVisitor(
  hostname: string,
  port: number,
  proxy: ProxyAddress,
): Promise<Visitor> {
  const capabilities = webkitCapabilities()
  const { binary, args } = capabilities['webkitgtk:browserOptions']
  const browser = await webkitSession(hostname, port, {
    ...capabilities,
    // openFilling's page opens the page to fill as a popup, which MiniBrowser blocks by default.
    'webkitgtk:browserOptions': {
      binary,
      args: [...args, '--javascript-can-open-windows-automatically=true'],
    },
    proxy: { proxyType: 'manual', httpProxy: proxy.address },
  })
  const control = async (label: string) => {
    await browser.waitUntil(() => browser.execute(inForm, label).then(Boolean), { timeout: 10_000 })
    // The script's element comes back as a WebDriver element reference, which $ takes.
    const reference = (await browser.execute(inForm, label)) as unknown
    return browser.$(reference as Parameters<typeof browser.$>[0])
  }
  // openFilling's popup goes before the next page: a window behind it is hidden, and WebKit
  // throttles a hidden page's timers (a page left behind one never took its live form over).
  let popupOpen = false
  const closePopup = async () => {
    if (!popupOpen) return
    await browser.execute(() => window.open('', 'fill')?.close())
    popupOpen = false
  }
  return {
    open: async (url) => {
      await closePopup()
      await browser.url(url)
    },
    type: async (label, text) => (await control(label)).addValue(text),
    typeAt: async (label, text) => {
      let middle: { x: number; y: number } | null = null
      await browser.waitUntil(
        async () => {
          middle = await browser.execute(middleOf, label)
          return Boolean(middle)
        },
        { timeout: 10_000 },
      )
      const { x, y } = middle as unknown as { x: number; y: number }
      await browser.action('pointer').move({ x, y, origin: 'viewport' }).down().up().perform()
      if (text) await browser.keys([...text])
    },
    openFilling: async (url, blank, plan) => {
      await closePopup()
      await browser.url(blank)
      await browser.execute(fillWhileLoading, { ...plan, popupUrl: url })
      popupOpen = true
    },
    choose: async (label, option) => (await control(label)).selectByVisibleText(option),
    press: async (button) => (await control(button)).click(),
    closeTab: async () => {
      const { handle } = await browser.createWindow('tab')
      await browser.closeWindow()
      await browser.switchToWindow(handle)
    },
    evaluate: (script) => browser.execute(script) as never,
    close: () => browser.deleteSession(),
  }
}

/** A visitor in `engine` whose plain-http requests go through `proxy` (see host-proxy.ts). */
export function startVisitor(engine: VisitorEngine, proxy: ProxyAddress): Promise<Visitor> {
  return engine.name === 'firefox'
    ? firefoxVisitor(engine.endpoint)
    : webkitVisitor(engine.hostname, engine.port, proxy)
}
