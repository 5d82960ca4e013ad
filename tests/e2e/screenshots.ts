/**
 * Screenshots of every page at phone and desktop widths, for a person to look at:
 * `npx tsx tests/e2e/screenshots.ts http://localhost:3000` → test-results/screenshots/.
 */
import { mkdir } from 'node:fs/promises'
import { launchChromium } from './browser.ts'

const baseUrl = process.argv[2] ?? 'http://localhost:3000'
const paths = { home: '/', 'request-demo': '/request-demo', 'not-found': '/no-such-page' }
const widths = [360, 1280]
const outDir = 'test-results/screenshots'
const sliceHeight = 1000

await mkdir(outDir, { recursive: true })
const browser = await launchChromium()
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 800 } })
    for (const [name, path] of Object.entries(paths)) {
      await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' })
      const file = `${outDir}/${name}-${width}.png`
      await page.screenshot({ path: file, fullPage: true })
      console.log(file)
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
      await page.screenshot({ path: `${outDir}/home-menu-${width}.png` })
      console.log(`${outDir}/home-menu-${width}.png`)
    }
    await page.close()
  }
} finally {
  await browser.close()
}
