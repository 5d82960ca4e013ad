import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { siteCopy } from '../../site/site-copy.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { openSitePage, type SitePage, siteUrl, visit } from './site-page.ts'

const browser = chromiumForFile()

async function withPage(
  options: Parameters<typeof openSitePage>[1],
  test: (site: SitePage) => Promise<void>,
) {
  const site = await openSitePage(browser, options)
  try {
    await test(site)
    expect(site.pageErrors).toEqual([])
  } finally {
    await site.close()
  }
}

/** Where a section sits in the viewport, and how tall the fixed header is. */
function sectionPosition(page: Page, id: string) {
  return page.evaluate((id) => {
    const section = document.getElementById(id)
    const header = document.querySelector('.site-header')
    if (!section || !header) throw new Error(`#${id} or the header is missing`)
    const heading = section.querySelector('h2') ?? section
    return {
      top: heading.getBoundingClientRect().top,
      headerBottom: header.getBoundingClientRect().bottom,
      viewport: window.innerHeight,
      hash: location.hash,
      path: location.pathname,
    }
  }, id)
}

// In view and below the fixed header, not hidden under it.
async function expectSectionInView(page: Page, id: string) {
  await expect
    .poll(async () => {
      const { top, headerBottom, viewport } = await sectionPosition(page, id)
      return top >= headerBottom && top < viewport
    })
    .toBe(true)
}

describe('routes', () => {
  it('renders the home page and hydrates it without errors', async () => {
    await withPage({}, async ({ page, consoleErrors }) => {
      const response = await visit(page, '/')
      expect(response?.status()).toBe(200)
      expect(await page.title()).toBe(siteCopy.meta.home.title)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        siteCopy.hero.tagline,
      )
      expect(consoleErrors).toEqual([])
    })
  })

  it('renders /request-demo with the form from the element', async () => {
    await withPage({}, async ({ page, consoleErrors }) => {
      const response = await visit(page, '/request-demo')
      expect(response?.status()).toBe(200)
      expect(await page.title()).toBe(siteCopy.meta.requestDemo.title)
      await page.getByRole('heading', { level: 1, name: 'Request a Demo' }).waitFor()
      await page.getByRole('heading', { name: 'Tell us about your practice' }).waitFor()
      await page.getByLabel('First Name').waitFor()
      expect(consoleErrors).toEqual([])
    })
  })

  it('answers an unknown path with status 404, the 404 page and a logged path', async () => {
    await withPage({}, async ({ page, consoleErrors }) => {
      const response = await visit(page, '/no/such-page')
      expect(response?.status()).toBe(404)
      await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor()
      expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true)
      expect(consoleErrors.some((error) => error.includes('/no/such-page'))).toBe(true)
      await page.getByRole('link', { name: 'Return to Home' }).click()
      await page.waitForURL(siteUrl('/'))
      await page.getByRole('heading', { level: 1, name: siteCopy.hero.tagline }).waitFor()
    })
  })

  it('loads React once: the widget chunk brings none of its own', async () => {
    // React's element symbol appears in every copy of React; the element's code must add none.
    const marker = 'react.transitional.element'
    async function reactCopies(path: string) {
      const site = await openSitePage(browser)
      const scripts: Promise<string>[] = []
      site.page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return
        const body = response.text()
        // A script answered after the bodies are read (a chunk prefetched late) may fail once
        // the page closes; it was never counted, and must not fail the run as unhandled.
        body.catch(() => {})
        scripts.push(body)
      })
      await visit(site.page, path)
      // The prerendered form's fields are disabled; typing waits for the live form, so for the
      // widget's code to have arrived.
      if (path === '/request-demo') await site.page.getByLabel('First Name').fill('Ada')
      const bodies = await Promise.all(scripts)
      await site.close()
      return {
        scripts: bodies.length,
        copies: bodies.reduce((sum, body) => sum + body.split(marker).length - 1, 0),
      }
    }
    const home = await reactCopies('/')
    const demo = await reactCopies('/request-demo')
    expect(home.copies).toBeGreaterThan(0)
    expect(demo.scripts).toBeGreaterThan(home.scripts)
    expect(demo.copies).toBe(home.copies)
  })
})

describe('header', () => {
  it('each anchor scrolls its section into view below the fixed header', async () => {
    await withPage({}, async ({ page }) => {
      await visit(page, '/')
      const nav = page.getByRole('navigation', { name: siteCopy.nav.label })
      for (const { id, label } of siteCopy.nav.links) {
        await nav.getByRole('link', { name: label }).click()
        await expectSectionInView(page, id)
        expect((await sectionPosition(page, id)).hash).toBe(`#${id}`)
      }
    })
  })

  it('scrolls smoothly unless the visitor asks for reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      await withPage({ reducedMotion }, async ({ page }) => {
        await visit(page, '/')
        const behavior = await page.evaluate(
          () => getComputedStyle(document.documentElement).scrollBehavior,
        )
        expect(behavior).toBe(reducedMotion === 'reduce' ? 'auto' : 'smooth')
      })
    }
  })

  it('reaches a section from another page', async () => {
    await withPage({}, async ({ page }) => {
      await visit(page, '/request-demo')
      await page.getByRole('link', { name: 'Security', exact: true }).first().click()
      await page.waitForURL(siteUrl('/#security'))
      await expectSectionInView(page, 'security')
    })
  })

  it('on a phone, the menu opens, takes the visitor to a section and closes', async () => {
    await withPage({ width: 360, height: 740 }, async ({ page }) => {
      await visit(page, '/')
      const toggle = page.getByRole('button', { name: siteCopy.nav.openMenu })
      const customers = page.getByRole('link', { name: 'Customers', exact: true })
      expect(await customers.isVisible()).toBe(false)
      await toggle.click()
      const close = page.getByRole('button', { name: siteCopy.nav.closeMenu })
      expect(await close.getAttribute('aria-expanded')).toBe('true')
      await customers.click()
      await expectSectionInView(page, 'customers')
      expect(await customers.isVisible()).toBe(false)
      // Escape closes it too, and gives focus back to the toggle.
      await toggle.click()
      await page.keyboard.press('Escape')
      expect(await toggle.getAttribute('aria-expanded')).toBe('false')
      expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true)
    })
  })

  it('both Request Demo buttons go to /request-demo', async () => {
    await withPage({}, async ({ page }) => {
      for (const name of [siteCopy.nav.requestDemo, siteCopy.hero.cta]) {
        await visit(page, '/')
        await page.getByRole('link', { name, exact: true }).click()
        await page.waitForURL(siteUrl('/request-demo'))
        await page.getByRole('heading', { level: 1, name: 'Request a Demo' }).waitFor()
        expect(await page.evaluate(() => window.scrollY)).toBe(0)
        // The head follows client-side navigation.
        expect(await page.title()).toBe(siteCopy.meta.requestDemo.title)
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
        expect(new URL(canonical ?? '').pathname).toBe('/request-demo')
      }
    })
  })

  it('Login and Learn More do nothing harmful', async () => {
    await withPage({}, async ({ page, consoleErrors }) => {
      await visit(page, '/')
      const popups: unknown[] = []
      page.on('popup', (popup) => popups.push(popup))
      page.on('dialog', (dialog) => popups.push(dialog))
      const buttons = [
        page.getByRole('button', { name: siteCopy.nav.login }),
        ...(await page.getByRole('button', { name: siteCopy.solutions.learnMore }).all()),
      ]
      expect(buttons).toHaveLength(5)
      for (const button of buttons) {
        await button.click()
        expect(page.url()).toBe(siteUrl('/'))
      }
      expect(popups).toEqual([])
      expect(consoleErrors).toEqual([])
    })
  })
})
