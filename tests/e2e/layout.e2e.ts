import { describe, expect, it } from 'vitest'
import { supportedLanguages } from '#core/languages.ts'
import { siteCopy } from '../../site/site-copy.ts'
import { allCopies } from '../../src/copy/load-copy.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { waitForLiveForm } from './early-typing.ts'
import { speak } from './form-language.ts'
import { openSitePage, visit } from './site-page.ts'

const copies = await allCopies()

const browser = chromiumForFile()

const paths = ['/', '/request-demo', '/privacy', '/terms', '/embed', '/console', '/no-such-page']

describe('layout', () => {
  // Each page loaded once, at the narrowest width a phone has, then resized through the rest:
  // the layout answers the width with CSS alone, so a resize lays it out as a load there would.
  const widths = [320, 360, 768, 1024, 1280, 1920]
  for (const path of paths) {
    it(`${path} has no horizontal scroll at ${widths.join(', ')} px`, async () => {
      const site = await openSitePage(browser, { width: widths[0] })
      await visit(site.page, path)
      // The form in each language, its messages shown: the Spanish words are the longer.
      for (const language of path === '/request-demo' ? supportedLanguages : [undefined]) {
        if (language) {
          await speak(site.page, language)
          await site.page
            .locator('demo-request')
            .getByRole('button', { name: copies[language].submit, exact: true })
            .click()
          await site.page.locator('demo-request [data-error-for="companySize"]').waitFor()
        }
        for (const width of widths) {
          await site.page.setViewportSize({ width, height: 800 })
          const overflow = await site.page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          )
          expect(overflow, `${width} px ${language ?? ''}`).toBe(0)
        }
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
    it(`at ${width} px, in each language, a field's message leaves its neighbour where it was, 44 px tall`, async () => {
      const { page, close } = await openSitePage(browser, { width })
      await visit(page, '/request-demo')
      // The live form, not the prerendered one it takes over from mid-measurement.
      await waitForLiveForm(page)
      const element = page.locator('demo-request')
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
      // In each language, from an untouched form: the Spanish message is the longer.
      for (const language of supportedLanguages) {
        await speak(page, language)
        await lastName.fill('Lovelace')
        const before = await place()
        await element.getByRole('button', { name: copies[language].submit, exact: true }).click()
        await page.locator('demo-request [data-error-for="firstName"]').waitFor()
        expect(await place(), language).toEqual(before)
        expect(before.height, language).toBe(44)
        await element.evaluate((form) => (form as HTMLElement & { reset(): void }).reset())
        await page.locator('demo-request [data-error-for]').first().waitFor({ state: 'detached' })
      }
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
