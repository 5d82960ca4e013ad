import type { Browser, Page } from 'playwright-core'
import { inject } from 'vitest'

// The origin of the server global-setup.ts started.
const baseUrl = inject('baseUrl')

export function siteUrl(path: string): string {
  return new URL(path, baseUrl).href
}

export interface SitePage {
  page: Page
  /** Uncaught exceptions, hydration errors among them. */
  pageErrors: string[]
  consoleErrors: string[]
  close(): Promise<void>
}

export interface OpenOptions {
  width?: number
  height?: number
  /** Instant scrolling by default, so positions can be read right after a jump. */
  reducedMotion?: 'reduce' | 'no-preference'
}

/** A page in its own context at the given width, recording errors as it goes. */
export async function openSitePage(browser: Browser, options: OpenOptions = {}): Promise<SitePage> {
  const { width = 1280, height = 800, reducedMotion = 'reduce' } = options
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion })
  // Well inside the test timeout, so a stuck step names itself instead of timing the test out.
  context.setDefaultTimeout(10_000)
  const page = await context.newPage()
  const pageErrors: string[] = []
  const consoleErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  return { page, pageErrors, consoleErrors, close: () => context.close() }
}

/** Goes to `path` and waits for the client bundle to have hydrated the page. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(siteUrl(path))
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  return response
}
