import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { pageScripts, sizeBudgets, sizesOf, sumSizes } from '../../scripts/bundle-sizes.ts'

// Bytes are deterministic for a given build, so these budgets can fail only when the code grows.
const dist = fileURLToPath(new URL('../../dist/', import.meta.url))
const gzipOf = (files: string[]) => sumSizes(files.map((file) => sizesOf(readFileSync(file)))).gzip

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

  it('the loader partners embed is at most 2 KiB', () => {
    expect(gzipOf([`${dist}widget/demo-request-loader.js`])).toBeLessThanOrEqual(sizeBudgets.loader)
  })

  it('the standalone widget, React inside, is at most 76 kB', () => {
    expect(gzipOf([`${dist}widget/demo-request.js`])).toBeLessThanOrEqual(
      sizeBudgets.standaloneWidget,
    )
  })

  it('/request-demo loads its own page chunk, which / does not', () => {
    const scripts = pageScripts(`${dist}site`, 'request-demo/index.html')
    const home = new Set(pageScripts(`${dist}site`, 'index.html'))
    expect(scripts.filter((path) => !home.has(path))).not.toEqual([])
  })
})
