/**
 * Sizes of what the build ships, as sent: gzip at level 9 and brotli at quality 11, in bytes.
 * Shared by the budgets `npm test` asserts and the table `npm run bench` prints.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** The deterministic budgets, in bytes of gzip (1 kB = 1000 bytes, 1 KiB = 1024). */
export const sizeBudgets = {
  /**
   * `dist/widget/demo-request-loader.js`, what a partner's page loads up front: 2 KiB. Speaking
   * the page's language (issue 32) took it to 2,211 for a while; it came back (2,042) with Terser
   * as its minifier, the `functions` accessor left to the full widget, a shorter "surely English"
   * test, one hash for both scripts beside it, and no hover or open-list colours in the static form.
   */
  loader: 2_048,
  /** `demo-request-static-<hash>.js`: the page-language rule and each other language's form. */
  staticForms: 2_048,
  /** The loader built with every contact field of DEMO_REQUEST_FIELDS, each optional: 2,300 until issue 32's 2,406. */
  loaderAllFields: 2_450,
  /**
   * `dist/widget/demo-request.js`: the whole widget, React inside. 77,000 until Spanish (issue
   * 32): 76,326 → 78,017, of which 1,255 are its words and 436 the language machinery; 78,189
   * once the form sends its language and words the function's refusals by code; 78,439 once the
   * form is split into hooks (use-submission.ts and its neighbours: function boundaries and
   * property names). 78,451 → 79,162 for the funnel's counts (issue 33): 492 the page-view
   * recorder and its beacon (src/analytics/), 219 the send's and booking panel's events and the
   * analytics attribute. 79,150 → 79,270 once the take-over renders in slices and reads the
   * static form again as it commits (element-form.tsx), and the `functions` accessor moved here
   * from the loader; 79,310 once every string that quotes a number is a getter (src/copy/
   * number-format.ts). Back under 77,000 when each language other than English is fetched on
   * demand rather than bundled.
   */
  standaloneWidget: 79_350,
  /** Every script `/` loads before it is interactive. */
  homeScripts: 90_000,
} as const

/** The budget of each widget file that has one, by file name. */
const widgetFileBudgets: Record<string, number> = {
  'demo-request-loader.js': sizeBudgets.loader,
  'demo-request.js': sizeBudgets.standaloneWidget,
}

/**
 * The budget of the widget file `name`, if it has one: the content-hashed files beside the loader
 * answer to their own: the static form script (fetched by a page in another language) and the
 * full widget.
 */
export function widgetFileBudget(name: string): number | undefined {
  if (/^demo-request-static-[0-9a-f]+\.js$/.test(name)) return sizeBudgets.staticForms
  if (/^demo-request-full-[0-9a-f]+\.js$/.test(name)) return sizeBudgets.standaloneWidget
  return widgetFileBudgets[name]
}

export interface Sizes {
  raw: number
  gzip: number
  brotli: number
}

export function sizesOf(bytes: Buffer): Sizes {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
  }
}

/** The sizes of the file at `path`. */
export const fileSizes = (path: string): Sizes => sizesOf(readFileSync(path))

export function sumSizes(all: Sizes[]): Sizes {
  return all.reduce(
    (sum, one) => ({
      raw: sum.raw + one.raw,
      gzip: sum.gzip + one.gzip,
      brotli: sum.brotli + one.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  )
}

// `import{a as b}from"./x.js"` and `import"./x.js"`; a dynamic `import("./x.js")` has a
// parenthesis and is left out: it loads later, when the page asks for it.
const staticImport = /\bimport\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g

/**
 * The scripts a prerendered page loads at once: its module script and modulepreloads, or the
 * modules its inline starter names (site/start-after-paint.ts), and whatever those import
 * statically, as paths under `siteDir`.
 */
export function pageScripts(siteDir: string, htmlFile: string): string[] {
  const html = readFileSync(join(siteDir, htmlFile), 'utf8')
  const queue = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/([^"]+)"/g),
    ...[...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].flatMap(([, starter = '']) => [
      ...starter.matchAll(/"\/([^"]+\.js)"/g),
    ]),
  ].map(([, path = '']) => path)
  const found = new Set<string>()
  while (queue.length > 0) {
    const path = queue.shift() as string
    if (found.has(path)) continue
    found.add(path)
    const code = readFileSync(join(siteDir, path), 'utf8')
    for (const [, specifier = ''] of code.matchAll(staticImport)) {
      queue.push(relative(siteDir, join(siteDir, dirname(path), specifier)))
    }
  }
  return [...found]
}
