import type { LeadFieldName } from '#core/lead-fields.ts'
import { leadSummary } from '../crm/lead-summary.ts'
import type { LeadNotice } from '../notifier.ts'
import type { HubSpotSettings } from './hubspot-settings.ts'

/** The deal property created once by `npm run hubspot:setup`: a request's own key. */
export const demoRequestIdProperty = 'demo_request_id'

/** The deal property, made by the same setup, that says how the lead's demo meeting ended. */
export const meetingOutcomeProperty = 'demo_meeting_outcome'

// The lead's fields that are contact properties of HubSpot's own; the rest go in the deal's
// description, which is the request's (a contact's properties are the person's latest).
const contactFields = {
  email: 'email',
  firstName: 'firstname',
  lastName: 'lastname',
  companyName: 'company',
  role: 'jobtitle',
  phone: 'phone',
  message: 'message',
} as const satisfies Partial<Record<LeadFieldName, string>>

// Said in the contact; the message stays in the deal too, as the one this request came with.
const notInDescription: readonly LeadFieldName[] = [
  'email',
  'firstName',
  'lastName',
  'companyName',
  'role',
  'phone',
]

/** The contact's properties: only values the lead has, so an empty answer clears nothing. */
export function contactProperties(lead: LeadNotice): Record<string, string> {
  return Object.fromEntries(
    Object.entries(contactFields).flatMap(([field, property]) => {
      const value = lead[field as keyof typeof contactFields]
      return value ? [[property, value]] : []
    }),
  )
}

/** The deal of one request, in the pipeline and stage set, with its owner when HubSpot has one. */
export function dealProperties(
  lead: LeadNotice,
  settings: Pick<HubSpotSettings, 'pipeline' | 'dealStage'>,
  ownerId: string | null,
): Record<string, string> {
  return {
    dealname: `Demo request: ${lead.companyName} (${lead.firstName} ${lead.lastName})`,
    pipeline: settings.pipeline,
    dealstage: settings.dealStage,
    description: leadSummary(lead, notInDescription),
    ...(ownerId === null ? {} : { hubspot_owner_id: ownerId }),
  }
}
