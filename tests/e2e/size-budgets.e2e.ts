import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build, type Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import { pageScripts, sizeBudgets, sizesOf, sumSizes } from '../../scripts/bundle-sizes.ts'

// Bytes are deterministic for a given build, so these budgets can fail only when the code grows.
const dist = fileURLToPath(new URL('../../dist/', import.meta.url))
const gzipOf = (files: string[]) => sumSizes(files.map((file) => sizesOf(readFileSync(file)))).gzip
// The files of dist/widget whose names `pattern` matches, as paths (of content-hashed names, only
// the current build's are left).
const widgetFiles = (pattern: RegExp) =>
  readdirSync(`${dist}widget`)
    .filter((name) => pattern.test(name))
    .map((name) => `${dist}widget/${name}`)

// The loader as `npm run build` makes it with DEMO_REQUEST_FIELDS set to `setting`, in memory;
// its static form is the one part that grows with the fields.
async function loaderBuiltWith(setting: string): Promise<Buffer> {
  const before = process.env.DEMO_REQUEST_FIELDS
  process.env.DEMO_REQUEST_FIELDS = setting
  try {
    const output = (await build({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      mode: 'loader',
      logLevel: 'silent',
      build: { write: false },
    })) as Rolldown.RolldownOutput[]
    const chunk = output[0]?.output.find((file) => file.fileName === 'demo-request-loader.js')
    return Buffer.from(chunk?.type === 'chunk' ? chunk.code : '')
  } finally {
    if (before === undefined) delete process.env.DEMO_REQUEST_FIELDS
    else process.env.DEMO_REQUEST_FIELDS = before
  }
}

describe('size budgets (gzip)', () => {
  it('/ loads at most 90 kB of JavaScript before it is interactive', () => {
    const scripts = pageScripts(`${dist}site`, 'index.html')
    // The entry and React at least; a page that loaded nothing would pass for the wrong reason.
    expect(scripts.length).toBeGreaterThanOrEqual(2)
    expect(scripts.some((path) => path.includes('request-demo'))).toBe(false)
    expect(gzipOf(scripts.map((path) => `${dist}site/${path}`))).toBeLessThanOrEqual(
      sizeBudgets.homeScripts,
    )
  })

  it('the loader partners embed and the static form script beside it are each within 2 KiB', () => {
    expect(gzipOf([`${dist}widget/demo-request-loader.js`])).toBeLessThanOrEqual(sizeBudgets.loader)
    const [script, ...others] = readdirSync(`${dist}widget`).filter((name) =>
      /^demo-request-static-[0-9a-f]+\.js$/.test(name),
    )
    expect(others).toEqual([])
    expect(gzipOf([`${dist}widget/${script}`])).toBeLessThanOrEqual(sizeBudgets.staticForms)
  })

  it('the loader is within its budget unset, and 2,450 B with all four contact fields', async () => {
    const unset = await loaderBuiltWith('')
    const all = await loaderBuiltWith('email?,phone?,role?,message?')
    // Each a whole loader with its form: the second with every field's label in it.
    expect(unset.toString()).toContain('Request Demo')
    expect(unset.toString()).not.toContain('Work Email')
    for (const label of ['Work Email', 'Phone', 'Job Title', 'Message']) {
      expect(all.toString()).toContain(label)
    }
    expect(sizesOf(unset).gzip).toBeLessThanOrEqual(sizeBudgets.loader)
    expect(sizesOf(all).gzip).toBeLessThanOrEqual(sizeBudgets.loaderAllFields)
  })

  it('the full widget the loader fetches is within 77 kB, and the standalone script within its budget', () => {
    const full = widgetFiles(/^demo-request-full-[0-9a-f]+\.js$/)
    expect(full).toHaveLength(1)
    expect(gzipOf(full)).toBeLessThanOrEqual(sizeBudgets.fullWidget)
    expect(gzipOf([`${dist}widget/demo-request.js`])).toBeLessThanOrEqual(
      sizeBudgets.standaloneWidget,
    )
  })

  it("each language's words, fetched by a page in that language, are within 2 KiB", () => {
    const copies = widgetFiles(/^demo-request-copy-[a-z]+-[0-9a-f]+\.js$/)
    expect(copies.length).toBeGreaterThan(0)
    for (const copy of copies) {
      expect(gzipOf([copy])).toBeLessThanOrEqual(sizeBudgets.languageCopy)
    }
  })

  it('/request-demo loads its own page chunk, which / does not', () => {
    const scripts = pageScripts(`${dist}site`, 'request-demo/index.html')
    const home = new Set(pageScripts(`${dist}site`, 'index.html'))
    expect(scripts.filter((path) => !home.has(path))).not.toEqual([])
  })
})
