import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { supportedLanguages } from '#core/languages.ts'
import { siteCopy } from '../../site/site-copy.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { speak } from './form-language.ts'
import { openSitePage, siteUrl, visit } from './site-page.ts'

const browser = chromiumForFile()

const axeScript = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)
const pages = {
  home: '/',
  'request-demo': '/request-demo',
  privacy: '/privacy',
  terms: '/terms',
  embed: '/embed',
  // Signed out on the local server: the sign-in screen; signed in, the stories check each view.
  console: '/console',
  'not found': '/no-such-page',
}
const widths = [360, 1280]

interface AxeViolation {
  id: string
  impact: string
  help: string
  nodes: { target: unknown[] }[]
}

/** WCAG 2.1 A and AA plus axe's best practices, one line per failing rule. */
async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the page's Content-Security-Policy (npm start sends the
  // hosted one) refuses an inline script it does not name.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeScript)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe
    const results = (await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    })) as { violations: AxeViolation[] }
    return results.violations
  })
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .map((node) => JSON.stringify(node.target))
        .join(', ')}`,
  )
}

describe('axe finds no violations', () => {
  // Each page loaded once at the phone's width, then resized: its layout answers the width with
  // CSS alone.
  for (const [name, path] of Object.entries(pages)) {
    it(`on ${name} at ${widths.join(' and ')} px`, async () => {
      const site = await openSitePage(browser, { width: widths[0] })
      await visit(site.page, path)
      for (const width of widths) {
        await site.page.setViewportSize({ width, height: 800 })
        // The form is part of the page: check it once the element has rendered it, in each of
        // its languages.
        for (const language of path === '/request-demo' ? supportedLanguages : [undefined]) {
          if (language) await speak(site.page, language)
          expect(await axeViolations(site.page), `${width} px ${language ?? ''}`).toEqual([])
        }
      }
      await site.close()
    })
  }

  // axe needs a running page, so the page's own scripts are blocked instead of JavaScript
  // itself: the prerendered form is what is checked (its noscript note shares the notice's style).
  it("on the prerendered request-demo form, before any of the page's scripts run", async () => {
    const { page, close } = await openSitePage(browser, { width: 360 })
    await page.route(/\.js$/, (route) => route.abort())
    await page.goto(siteUrl('/request-demo'))
    await page.locator('[data-static-form]').waitFor()
    expect(await axeViolations(page)).toEqual([])
    await close()
  })

  it('with the phone menu open', async () => {
    const site = await openSitePage(browser, { width: 360 })
    await visit(site.page, '/')
    await site.page.getByRole('button', { name: siteCopy.nav.openMenu }).click()
    expect(await axeViolations(site.page)).toEqual([])
    await site.close()
  })
})
