import { httpsOrigin } from '../crm/https-url.ts'
import { readStatusMap, type StatusMap } from '../crm/status-map.ts'

/** The org, the connected app its token is asked with, and the field leads are keyed by. */
export interface SalesforceSettings {
  /** The org's My Domain origin: the client credentials flow is answered there only. */
  url: string
  clientId: string
  clientSecret: string
  /** The API name of the Lead's external id field that holds the request's id. */
  leadIdField: string
  /**
   * The Lead `Status` for each status staff give a lead in the console; a status left out
   * changes nothing.
   */
  leadStatuses: StatusMap
  /** The API name of the Lead's custom field that says how the lead's demo meeting ended. */
  meetingOutcomeField: string
}

const salesforceDefaults = {
  leadIdField: 'Demo_Request_Id__c',
  meetingOutcomeField: 'Demo_Meeting_Outcome__c',
} as const

// A custom field's API name: letters, digits and single underscores, `__c` at the end.
const customField = /^[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)*__c$/

// The values of the Lead Status picklist every org starts with. "Qualified" and "won" have none
// that an update may set: in Salesforce they are the Lead's conversion, which its people do.
const defaultLeadStatuses: StatusMap = {
  new: 'Open - Not Contacted',
  contacted: 'Working - Contacted',
  lost: 'Closed - Not Converted',
}

const example = 'https://acme.my.salesforce.com'

/**
 * Salesforce's settings, or null when none is set. The address, the client id and the secret
 * go together: a part without the rest stops the start with a line naming what is missing.
 */
export function readSalesforceSettings(
  env: (name: string) => string | undefined,
): SalesforceSettings | null {
  const required = {
    SALESFORCE_URL: env('SALESFORCE_URL')?.trim() ?? '',
    SALESFORCE_CLIENT_ID: env('SALESFORCE_CLIENT_ID')?.trim() ?? '',
    SALESFORCE_CLIENT_SECRET: env('SALESFORCE_CLIENT_SECRET')?.trim() ?? '',
  }
  const leadIdField = env('SALESFORCE_LEAD_ID_FIELD')?.trim() ?? ''
  const meetingOutcomeField = env('SALESFORCE_MEETING_OUTCOME_FIELD')?.trim() ?? ''
  const leadStatuses = readStatusMap('SALESFORCE_LEAD_STATUSES', env('SALESFORCE_LEAD_STATUSES'))
  const missing = Object.keys(required).filter(
    (name) => required[name as keyof typeof required] === '',
  )
  if (
    missing.length === 3 &&
    leadIdField === '' &&
    meetingOutcomeField === '' &&
    leadStatuses === undefined
  ) {
    return null
  }
  if (missing.length > 0) {
    throw new Error(
      `Salesforce needs ${missing.join(' and ')} too: the org's My Domain address and its connected app's consumer key and secret (docs/integrations.md#salesforce), or none of the SALESFORCE_ settings`,
    )
  }
  if (leadIdField !== '' && !customField.test(leadIdField)) {
    throw new Error(
      `SALESFORCE_LEAD_ID_FIELD must be the API name of the Lead's custom external id field, such as ${salesforceDefaults.leadIdField}, not "${leadIdField}"`,
    )
  }
  if (meetingOutcomeField !== '' && !customField.test(meetingOutcomeField)) {
    throw new Error(
      `SALESFORCE_MEETING_OUTCOME_FIELD must be the API name of the Lead's custom meeting outcome field, such as ${salesforceDefaults.meetingOutcomeField}, not "${meetingOutcomeField}"`,
    )
  }
  return {
    url: httpsOrigin('SALESFORCE_URL', required.SALESFORCE_URL, example),
    clientId: required.SALESFORCE_CLIENT_ID,
    clientSecret: required.SALESFORCE_CLIENT_SECRET,
    leadIdField: leadIdField || salesforceDefaults.leadIdField,
    // The firm's own map replaces the default whole: its picklist is its own.
    leadStatuses: leadStatuses ?? defaultLeadStatuses,
    meetingOutcomeField: meetingOutcomeField || salesforceDefaults.meetingOutcomeField,
  }
}
