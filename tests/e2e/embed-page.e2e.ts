import { expect, it } from 'vitest'
import { siteCopy } from '../../site/site-copy.ts'
import {
  elementAttributes,
  elementCssParts,
  elementCssProperties,
  elementEvents,
  elementMethods,
  elementProperties,
  globalAttributes,
} from '../../widget/element-api.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { sendSampleLead } from '../support/sample-lead-form.ts'
import { storedLeads } from './leads.ts'
import { openSitePage, visit } from './site-page.ts'

const browser = chromiumForFile()

it('/embed gives the snippet, the CSP lines and every attribute, property, event, method, part and CSS property', async () => {
  const { page, pageErrors, close } = await openSitePage(browser, { width: 360 })
  const response = await visit(page, '/embed')
  expect(response?.status()).toBe(200)
  expect(await page.title()).toBe(siteCopy.meta.embed.title)
  const code = await page.locator('main pre').allTextContents()
  expect(code[0]).toMatch(/<script src="https?:\/\/[^"]+\/widget\/demo-request-loader\.js" async>/)
  expect(code[0]).toContain('publishable-key=')
  expect(code[0]).toMatch(/<a href="[^"]+\/request-demo">/)
  expect(code[1]).toMatch(/^script-src https?:\/\/\S+\nconnect-src https:\/\/\S+$/)
  expect(code.join('\n')).not.toContain('unsafe-inline')
  const rowNames = await page.locator('main table tbody th code').allTextContents()
  for (const { name } of [
    ...elementAttributes,
    ...globalAttributes,
    ...elementProperties,
    ...elementEvents,
    ...elementCssProperties(),
  ]) {
    expect(rowNames).toContain(name)
  }
  for (const { name } of elementMethods) {
    expect(rowNames.some((row) => row.startsWith(`${name}(`))).toBe(true)
  }
  for (const { name } of elementCssParts) expect(rowNames).toContain(`::part(${name})`)
  // Reached from the sitemap and from partners, not from the site's own navigation.
  expect(await page.locator('header a[href="/embed"]').count()).toBe(0)
  expect(pageErrors).toEqual([])
  await close()
})

it("the guide's live example takes a real lead, attributed to the guide", async () => {
  const { page, pageErrors, close } = await openSitePage(browser)
  await visit(page, '/embed')
  const companyName = `${sampleLead.companyName} embed ${Date.now()}`
  await sendSampleLead(page, companyName)
  const leads = await storedLeads(companyName)
  expect(leads).toHaveLength(1)
  expect(leads[0]).toContain(',embed-guide,')
  expect(pageErrors).toEqual([])
  await close()
})
