import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { formCopy } from '../../src/form-copy.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { launchChromium } from './browser.ts'
import { leadsCsvLines } from './leads.ts'
import { openSitePage, visit } from './site-page.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

it('a visitor requests a demo, sees the confirmation, and the lead is stored once', async () => {
  const { page, pageErrors } = await openSitePage(browser)
  // A company name of its own, to find this run's lead among those of earlier runs.
  const companyName = `${sampleLead.companyName} ${Date.now()}`
  await visit(page, '/request-demo')

  // The form lives in the element's open shadow root; these locators pierce it.
  const { fields } = formCopy
  await page.getByLabel(fields.firstName.label).fill(sampleLead.firstName)
  await page.getByLabel(fields.lastName.label).fill(sampleLead.lastName)
  await page.getByLabel(fields.companyName.label).fill(companyName)
  await page.getByLabel(fields.companySize.label).selectOption(sampleLead.companySize)
  const submit = page.getByRole('button', { name: formCopy.submit, exact: true })
  await submit.click()

  await page.getByText(formCopy.success.title).waitFor()
  expect(await page.getByText(formCopy.success.description).isVisible()).toBe(true)
  // The form is cleared for the next request.
  expect(await page.getByLabel(fields.companyName.label).inputValue()).toBe('')
  expect(pageErrors).toEqual([])

  const leads = (await leadsCsvLines(inject('dataDir'))).filter((line) =>
    line.includes(companyName),
  )
  expect(leads).toHaveLength(1)
  expect(leads[0]).toContain(
    `,${sampleLead.firstName},${sampleLead.lastName},${companyName},${sampleLead.companySize},site,no,`,
  )
  await page.context().close()
})
