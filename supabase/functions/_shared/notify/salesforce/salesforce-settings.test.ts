import { describe, expect, it } from 'vitest'
import { readSalesforceSettings } from './salesforce-settings.ts'

const from = (vars: Record<string, string>) => readSalesforceSettings((name) => vars[name])
const org = {
  SALESFORCE_URL: 'https://acme.my.salesforce.com/',
  SALESFORCE_CLIENT_ID: '3MVG9key',
  SALESFORCE_CLIENT_SECRET: 'secret',
}

describe('readSalesforceSettings', () => {
  it('is off with none of its settings', () => {
    expect(from({})).toBeNull()
  })

  it('reads the org, the connected app and the default fields', () => {
    expect(from(org)).toEqual({
      url: 'https://acme.my.salesforce.com',
      clientId: '3MVG9key',
      clientSecret: 'secret',
      leadIdField: 'Demo_Request_Id__c',
      // The picklist every org starts with; qualified and won are its conversion.
      leadStatuses: {
        new: 'Open - Not Contacted',
        contacted: 'Working - Contacted',
        lost: 'Closed - Not Converted',
      },
      meetingOutcomeField: 'Demo_Meeting_Outcome__c',
    })
    expect(from({ ...org, SALESFORCE_LEAD_ID_FIELD: 'Web_Request__c' })?.leadIdField).toBe(
      'Web_Request__c',
    )
    // The org's own picklist replaces the default whole.
    expect(
      from({ ...org, SALESFORCE_LEAD_STATUSES: '{"qualified":"Qualified","lost":"Unqualified"}' })
        ?.leadStatuses,
    ).toEqual({ qualified: 'Qualified', lost: 'Unqualified' })
  })

  it('names every setting a partial one lacks', () => {
    expect(() => from({ SALESFORCE_CLIENT_ID: 'key' })).toThrow(
      /needs SALESFORCE_URL and SALESFORCE_CLIENT_SECRET too/,
    )
    expect(() => from({ ...org, SALESFORCE_CLIENT_SECRET: '' })).toThrow(
      /needs SALESFORCE_CLIENT_SECRET too/,
    )
    expect(() => from({ SALESFORCE_LEAD_ID_FIELD: 'Demo_Request_Id__c' })).toThrow(
      /needs SALESFORCE_URL and SALESFORCE_CLIENT_ID and SALESFORCE_CLIENT_SECRET too/,
    )
  })

  it('refuses an address without https and a field that is no custom API name', () => {
    expect(() => from({ ...org, SALESFORCE_URL: 'http://acme.my.salesforce.com' })).toThrow(
      /SALESFORCE_URL must be an https address/,
    )
    expect(from({ ...org, SALESFORCE_URL: 'http://localhost:8080' })?.url).toBe(
      'http://localhost:8080',
    )
    expect(() => from({ ...org, SALESFORCE_LEAD_ID_FIELD: 'Demo Request Id' })).toThrow(
      /SALESFORCE_LEAD_ID_FIELD must be the API name/,
    )
    expect(() => from({ ...org, SALESFORCE_MEETING_OUTCOME_FIELD: 'Demo_Outcome' })).toThrow(
      /SALESFORCE_MEETING_OUTCOME_FIELD must be the API name/,
    )
    expect(
      from({ ...org, SALESFORCE_MEETING_OUTCOME_FIELD: 'Demo_Held__c' })?.meetingOutcomeField,
    ).toBe('Demo_Held__c')
  })
})
