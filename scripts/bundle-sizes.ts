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
   * 2,047 once it holds the form's place on a page in another language (issue 39: +30, the unseen
   * English form and the fallback if the static form script fails), paid for by one `onerror` for
   * every script it loads, the fallback shown through the same paint as the forms, and Terser's
   * `booleans_as_integers`.
   */
  loader: 2_048,
  /** `demo-request-static-<hash>.js`: the page-language rule and each other language's form. */
  staticForms: 2_048,
  /** The loader built with every contact field of DEMO_REQUEST_FIELDS, each optional: 2,300 until issue 32's 2,406. */
  loaderAllFields: 2_450,
  /**
   * `demo-request-full-<hash>.js`, the full widget the loader fetches, React inside: 77,000 (issue
   * 39). Spanish (issue 32), the funnel's counts (issue 33) and the sliced take-over had taken the
   * one React script from 76,326 to 79,315. Back to 76,918: each language but English is fetched
   * on demand (src/copy/copies.ts; Spanish's words were 1,312), the attributes' descriptions stay
   * in the docs (330), and the full widget leaves out r2wc's element, which only a page without
   * the loader needs (1,239); the fetching of words costs about 350. 76,978 once a funnel batch
   * carries its page view's campaign (issue 41: +52; the standalone script +40, to 78,232).
   */
  fullWidget: 77_000,
  /**
   * `dist/widget/demo-request.js`, the standalone script, which defines the element itself with
   * r2wc: the full widget and r2wc's element, within its original 76 KiB again. It had grown to
   * 78,232 (and the budget to 78,250) by issue 41; back to 77,772 with the contact fields parsed
   * by the build, not the browser (181), the rule text of the styles modules compacted by the
   * build (242, widget/compact-rules.ts) and one cut for prefill() and the metadata (37). The full
   * widget went 76,978 -> 76,567 with it.
   */
  standaloneWidget: 77_824,
  /** `demo-request-copy-<language>-<hash>.js`: one language's words, fetched by a page in it. */
  languageCopy: 2_048,
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
 * answer to their own: the static form script and the copy scripts (fetched by a page in another
 * language) and the full widget.
 */
export function widgetFileBudget(name: string): number | undefined {
  if (/^demo-request-static-[0-9a-f]+\.js$/.test(name)) return sizeBudgets.staticForms
  if (/^demo-request-copy-[a-z]+-[0-9a-f]+\.js$/.test(name)) return sizeBudgets.languageCopy
  if (/^demo-request-full-[0-9a-f]+\.js$/.test(name)) return sizeBudgets.fullWidget
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
