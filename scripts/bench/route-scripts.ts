import type { Browser } from 'playwright-core'

/** The paths of every script a page fetches in Chromium until the network is idle. */
export async function loadedScripts(browser: Browser, url: string): Promise<string[]> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const paths: string[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) {
        paths.push(new URL(response.url()).pathname)
      }
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    return [...new Set(paths)]
  } finally {
    await context.close()
  }
}
