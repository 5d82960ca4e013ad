/**
 * What each page makes a visitor download, by kind, as gzip (level 9) of what was served:
 * `npx tsx scripts/page-weights.ts http://localhost:3000`. Loads each page in Chromium and
 * waits until it is idle, so chunks a page imports while it runs count too.
 */
import { gzipSync } from 'node:zlib'
import { launchChromium } from './launch-chromium.ts'

const baseUrl = process.argv[2] ?? 'http://localhost:3000'
const paths = ['/', '/request-demo', '/privacy']
const kinds = ['script', 'stylesheet', 'font', 'document'] as const

const browser = await launchChromium()
try {
  for (const path of paths) {
    const page = await browser.newPage()
    const files: { kind: string; url: string; bytes: Promise<number> }[] = []
    page.on('response', (response) => {
      const kind = response.request().resourceType()
      if (!(kinds as readonly string[]).includes(kind) || response.status() !== 200) return
      const bytes = response.body().then((body) => gzipSync(body, { level: 9 }).length)
      files.push({ kind, url: new URL(response.url()).pathname, bytes })
    })
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' })
    console.log(`\n${path}`)
    for (const kind of kinds) {
      const mine = files.filter((file) => file.kind === kind)
      const sizes = await Promise.all(mine.map((file) => file.bytes))
      const total = sizes.reduce((sum, size) => sum + size, 0)
      console.log(`  ${kind.padEnd(10)} ${kb(total).padStart(9)} gzip in ${mine.length} file(s)`)
      mine.forEach((file, index) => {
        console.log(`    ${kb(sizes[index] ?? 0).padStart(9)}  ${file.url}`)
      })
    }
    await page.close()
  }
} finally {
  await browser.close()
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`
}
