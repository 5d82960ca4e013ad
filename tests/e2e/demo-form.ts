import type { Page } from 'playwright-core'
import { inject } from 'vitest'
import { formCopy } from '../../src/form-copy.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { leadsCsvLines } from './leads.ts'

/** Fills the form with the sample lead under `companyName`, sends it, and waits for the toast. */
export async function sendSampleLead(page: Page, companyName = sampleLead.companyName) {
  const { fields } = formCopy
  await page.getByLabel(fields.firstName.label).fill(sampleLead.firstName)
  await page.getByLabel(fields.lastName.label).fill(sampleLead.lastName)
  await page.getByLabel(fields.companyName.label).fill(companyName)
  await page.getByLabel(fields.companySize.label).selectOption(sampleLead.companySize)
  await page.getByRole('button', { name: formCopy.submit, exact: true }).click()
  await page.getByText(formCopy.success.title).waitFor()
}

/** The `npm run leads -- --csv` lines of the leads stored under `companyName`. */
export async function storedLeads(companyName: string): Promise<string[]> {
  return (await leadsCsvLines(inject('dataDir'))).filter((line) => line.includes(companyName))
}
