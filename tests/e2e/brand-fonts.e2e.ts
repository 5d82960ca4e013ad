// The brand faces come cut in two (src/styles/design-tokens.ts fontSubsets): a page of English copy
// loads only the preloaded core files, and a name with an accent brings in the rest of Latin.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { formCopy } from '#core/form-copy.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { openSitePage, visit } from './site-page.ts'

const browser = chromiumForFile()

const fontFiles = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.woff2'))
      .map((path) => path.replace(/^\/assets\/|-[\w-]{8}\.woff2$/g, ''))
      .sort(),
  )

describe('the brand fonts', () => {
  it('home loads the two core files and shows its heading in the brand serif', async () => {
    const { page, close } = await openSitePage(browser)
    await visit(page, '/')
    await page.evaluate(() => document.fonts.ready)
    expect(await fontFiles(page)).toEqual([
      'inter-latin-wght-normal-core',
      'source-serif-4-latin-600-normal-core',
    ])
    const heading = await page.evaluate(() => {
      const h1 = document.querySelector('h1') as HTMLElement
      return {
        family: getComputedStyle(h1).fontFamily,
        loaded: document.fonts.check(`600 16px "Source Serif 4"`),
      }
    })
    expect(heading.family).toMatch(/^"Source Serif 4"/)
    expect(heading.loaded).toBe(true)
    await close()
  })

  it('a name with accents typed into the form brings in the text face’s Latin file', async () => {
    const { page, close } = await openSitePage(browser)
    await visit(page, '/request-demo')
    await page.getByRole('button', { name: formCopy.submit, exact: true }).waitFor()
    await page.getByLabel(formCopy.fields.firstName.label).fill('Zoë')
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.includes('inter-latin-wght-normal-latin-')),
    )
    expect(await fontFiles(page)).toContain('inter-latin-wght-normal-latin')
    await close()
  })
})
