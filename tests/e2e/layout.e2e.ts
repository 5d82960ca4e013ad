import { describe, expect, it } from 'vitest'
import { siteCopy } from '../../site/site-copy.ts'
import { formCopy } from '../../src/copy/form-copy.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { waitForLiveForm } from './early-typing.ts'
import { openSitePage, visit } from './site-page.ts'

const browser = chromiumForFile()

const paths = ['/', '/request-demo', '/privacy', '/terms', '/embed', '/no-such-page']

describe('layout', () => {
  for (const width of [320, 360, 768, 1024, 1280, 1920]) {
    it(`has no horizontal scroll at ${width} px`, async () => {
      const site = await openSitePage(browser, { width })
      for (const path of paths) {
        await visit(site.page, path)
        if (path === '/request-demo') await site.page.getByLabel('First Name').waitFor()
        const overflow = await site.page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow, path).toBe(0)
      }
      await site.close()
    })
  }

  it('shows the header links inline on wide screens and behind the menu on phones', async () => {
    for (const [width, inline] of [
      [1280, true],
      [360, false],
    ] as const) {
      const site = await openSitePage(browser, { width })
      await visit(site.page, '/')
      const link = site.page.getByRole('link', { name: 'Platform', exact: true }).first()
      expect(await link.isVisible()).toBe(inline)
      const toggle = site.page.getByRole('button', { name: siteCopy.nav.openMenu })
      expect(await toggle.isVisible()).toBe(!inline)
      await site.close()
    }
  })

  // Widths where First and Last Name share a row: the message under one sits beside the other.
  for (const width of [768, 1280]) {
    it(`at ${width} px, a field's message leaves its neighbour where it was, 44 px tall`, async () => {
      const { page, close } = await openSitePage(browser, { width })
      await visit(page, '/request-demo')
      // The live form, not the prerendered one it takes over from mid-measurement.
      await waitForLiveForm(page)
      const lastName = page.locator('demo-request form [name="lastName"]')
      // Measured against the form, so focus scrolling the page to First Name changes nothing.
      const place = () =>
        lastName.evaluate((input) => {
          const box = input.getBoundingClientRect()
          const form = input.closest('form')?.getBoundingClientRect()
          return {
            x: box.x - (form?.x ?? 0),
            y: box.y - (form?.y ?? 0),
            width: box.width,
            height: box.height,
          }
        })
      await lastName.fill('Lovelace')
      const before = await place()
      await page.getByRole('button', { name: formCopy.submit, exact: true }).click()
      await page.locator('demo-request [data-error-for="firstName"]').waitFor()
      expect(await place()).toEqual(before)
      expect(before.height).toBe(44)
      await close()
    })
  }

  it('keyboard users start at a visible skip link that jumps to the content', async () => {
    const site = await openSitePage(browser)
    const { page } = site
    await visit(page, '/')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: siteCopy.skipLink })
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true)
    const box = await skip.boundingBox()
    expect(box && box.y >= 0).toBe(true)
    const outline = await skip.evaluate((element) => getComputedStyle(element).outlineStyle)
    expect(outline).not.toBe('none')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await site.close()
  })
})
