// The form filled and sent as a visitor does it, through Playwright: one sequence for every
// test and tool that drives the real form. Locators pierce the element's open shadow root.
import type { Page } from 'playwright-core'
import { formCopy } from '../../src/form-copy.ts'
import { sampleLead } from './sample-lead.ts'

/** Types the sample lead into the form, under `companyName`, and picks its company size. */
export async function fillSampleLead(page: Page, companyName = sampleLead.companyName) {
  const { fields } = formCopy
  await page.getByLabel(fields.firstName.label).fill(sampleLead.firstName)
  await page.getByLabel(fields.lastName.label).fill(sampleLead.lastName)
  await page.getByLabel(fields.companyName.label).fill(companyName)
  await page.getByLabel(fields.companySize.label).selectOption(sampleLead.companySize)
}

/** Fills the form with the sample lead under `companyName`, sends it, and waits for the toast. */
export async function sendSampleLead(page: Page, companyName = sampleLead.companyName) {
  await fillSampleLead(page, companyName)
  await page.getByRole('button', { name: formCopy.submit, exact: true }).click()
  await page.getByText(formCopy.success.title).waitFor()
}
