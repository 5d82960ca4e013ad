import { describe, expect, it } from 'vitest'
import { company, siteCopy } from '../../site/site-copy.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { openSitePage, siteUrl, visit } from './site-page.ts'

const browser = chromiumForFile()

describe('the privacy notice and the terms', () => {
  it('/privacy says what the form collects, why, for how long, and how to have it deleted', async () => {
    const { page, pageErrors, close } = await openSitePage(browser, { width: 360 })
    const response = await visit(page, '/privacy')
    expect(response?.status()).toBe(200)
    expect(await page.title()).toBe(siteCopy.meta.privacy.title)
    await page.getByRole('heading', { level: 1, name: siteCopy.privacy.heading }).waitFor()
    const text = (await page.locator('main').textContent()) ?? ''
    for (const collected of [
      'first name, last name, company name and company size',
      'page the form is on',
      'campaign parameters',
      'referrer',
      'user-agent',
    ]) {
      expect(text).toContain(collected)
    }
    for (const { heading } of siteCopy.privacy.sections) {
      expect(await page.getByRole('heading', { level: 2, name: heading }).isVisible()).toBe(true)
    }
    expect(text).toContain(`up to ${company.retentionMonths} months`)
    expect(text).toContain(company.legalName)
    const email = page.getByRole('link', { name: company.privacyEmail }).first()
    expect(await email.getAttribute('href')).toBe(`mailto:${company.privacyEmail}`)
    expect(pageErrors).toEqual([])
    await close()
  })

  it('/terms has its sections and links to the privacy notice', async () => {
    const { page, close } = await openSitePage(browser)
    const response = await visit(page, '/terms')
    expect(response?.status()).toBe(200)
    expect(await page.title()).toBe(siteCopy.meta.terms.title)
    for (const { heading } of siteCopy.terms.sections) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor()
    }
    await page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }).click()
    await page.waitForURL(siteUrl('/privacy'))
    await page.getByRole('heading', { level: 1, name: siteCopy.privacy.heading }).waitFor()
    await close()
  })

  it('the footer links Privacy Policy and Terms of Service to their pages', async () => {
    const { page, close } = await openSitePage(browser)
    for (const { label, to } of siteCopy.footer.legal) {
      await visit(page, '/')
      const legal = page.getByRole('list', { name: siteCopy.footer.legalLabel })
      await legal.getByRole('link', { name: label }).click()
      await page.waitForURL(siteUrl(to))
      await page.getByRole('heading', { level: 1, name: label }).waitFor()
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
    }
    await close()
  })

  it('footer entries without a page of their own lead nowhere, as docs/requirements.md#footer has them', async () => {
    const { page, close } = await openSitePage(browser)
    await visit(page, '/')
    const footer = page.locator('footer')
    for (const { label, to } of siteCopy.footer.company.links) {
      const links = await footer.getByRole('link', { name: label, exact: true }).count()
      expect(links, label).toBe(to ? 1 : 0)
      if (!to) expect(await footer.getByText(label, { exact: true }).isVisible()).toBe(true)
    }
    await close()
  })
})
