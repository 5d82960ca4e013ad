/**
 * Screenshots of every page, and of the form in each state, at phone, tablet and desktop
 * widths, for a person to look at: `npx tsx scripts/screenshots.ts http://localhost:3000`
 * → test-results/screenshots/. The function's replies for the failure and in-flight states are
 * played by the browser, so nothing is stored for them.
 */
import { mkdir } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { formCopy } from '#core/form-copy.ts'
import { sampleLead } from '../tests/support/sample-lead.ts'
import { fillSampleLead } from '../tests/support/sample-lead-form.ts'
import { launchChromium } from './launch-chromium.ts'

const baseUrl = process.argv[2] ?? 'http://localhost:3000'
const paths = {
  home: '/',
  'request-demo': '/request-demo',
  privacy: '/privacy',
  terms: '/terms',
  embed: '/embed',
  'not-found': '/no-such-page',
}
const widths = [360, 768, 1280]
const outDir = 'test-results/screenshots'
const sliceHeight = 1000
const functionUrl = '**/functions/v1/send-demo-request'

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  const file = `${outDir}/${name}.png`
  await page.screenshot({ path: file, fullPage })
  console.log(file)
}

const fill = (page: Page) => fillSampleLead(page, `${sampleLead.companyName} (screenshot)`)

/** The form card in one state, scrolled into view. */
async function formState(
  browser: Browser,
  width: number,
  state: string,
  act: (page: Page) => Promise<void>,
  javaScriptEnabled = true,
) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    javaScriptEnabled,
    reducedMotion: 'reduce',
  })
  const page = await context.newPage()
  await page.goto(new URL('/request-demo', baseUrl).href, { waitUntil: 'networkidle' })
  await act(page)
  await page.locator('demo-request').scrollIntoViewIfNeeded()
  await shoot(page, `form-${state}-${width}`, false)
  await context.close()
}

const submit = (page: Page) =>
  page.getByRole('button', { name: formCopy.submit, exact: true }).click()

await mkdir(outDir, { recursive: true })
const browser = await launchChromium()
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 800 } })
    for (const [name, path] of Object.entries(paths)) {
      await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' })
      await shoot(page, `${name}-${width}`)
      // Full pages get scaled down to be viewed; slices keep their real size.
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      for (let top = 0, slice = 1; top < height; top += sliceHeight, slice++) {
        const clip = { x: 0, y: top, width, height: Math.min(sliceHeight, height - top) }
        await page.screenshot({
          path: `${outDir}/${name}-${width}-${slice}.png`,
          fullPage: true,
          clip,
        })
      }
    }
    if (width < 1024) {
      await page.goto(new URL('/', baseUrl).href, { waitUntil: 'networkidle' })
      await page.getByRole('button', { name: 'Open menu' }).click()
      await shoot(page, `home-menu-${width}`, false)
    }
    await page.close()

    await formState(browser, width, 'no-javascript', async () => {}, false)
    await formState(browser, width, 'invalid', submit)
    await formState(browser, width, 'filled', fill)
    await formState(browser, width, 'submitting', async (page) => {
      await page.route(functionUrl, () => {}) // never answers
      await fill(page)
      await submit(page)
    })
    await formState(browser, width, 'success', async (page) => {
      await fill(page)
      await submit(page)
      await page.getByText(formCopy.success.title).waitFor()
    })
    await formState(browser, width, 'failure', async (page) => {
      await page.route(functionUrl, (route) =>
        route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Down' } } }),
      )
      await fill(page)
      await submit(page)
      await page.getByText(formCopy.failure.title).waitFor()
    })
  }
} finally {
  await browser.close()
}
