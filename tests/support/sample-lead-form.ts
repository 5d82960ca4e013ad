// The form filled and sent as a visitor does it, through Playwright: one sequence for every
// test and tool that drives the real form. Locators pierce the element's open shadow root.
import type { Page } from 'playwright-core'
import { formCopy } from '#core/form-copy.ts'
import { sampleLead } from './sample-lead.ts'

/**
 * Types the sample lead into the form, under `companyName`, and picks its company size. Given
 * `typingMs`, the first name is typed key by key over that long first, as a person types.
 */
export async function fillSampleLead(
  page: Page,
  companyName = sampleLead.companyName,
  { typingMs = 0 } = {},
) {
  const { fields } = formCopy
  const firstName = page.getByLabel(fields.firstName.label)
  if (typingMs > 0) {
    await firstName.click()
    await page.keyboard.type(sampleLead.firstName, {
      delay: typingMs / sampleLead.firstName.length,
    })
  } else {
    await firstName.fill(sampleLead.firstName)
  }
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
