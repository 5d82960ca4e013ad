/**
 * The console function's replies as schemas (console-api.ts describes each): the console page
 * parses every reply with them before a view reads it, so a reply of another shape (a proxy's
 * page, a function of another version) fails at the call, with a sentence, instead of deep in a
 * view. Each schema is typed by its interface, so the compiler holds the two together.
 */
import * as v from 'valibot'
import { bookingStates } from './booking-state.ts'
import {
  type AuditEntry,
  type AuditPage,
  auditActions,
  type DeadLetter,
  type EraseResult,
  type FunnelDay,
  type FunnelFieldDropOff,
  type FunnelReport,
  type FunnelSteps,
  type IntegrationState,
  type IntegrationsReport,
  type LeadDetail,
  type LeadHistoryEntry,
  type LeadMeeting,
  type LeadOwnerChoice,
  type LeadOwnerRef,
  type LeadPage,
  type LeadSummary,
  leadHistoryKinds,
  meetingOutcomes,
  pipelineStatuses,
  type ReportChoice,
  type RetryResult,
  reportCadences,
  type SharedFunnel,
  type ShareLink,
  type ShareLinkMade,
  type StaffList,
  type StaffMe,
  type StaffMember,
  staffRoles,
  type TestSendResult,
} from './console-api.ts'
import { deliveryChannels } from './delivery-channels.ts'

type Schema<T> = v.GenericSchema<unknown, T>

const count = v.pipe(v.number(), v.integer(), v.minValue(0))
const nullableString = v.nullable(v.string())
const role = v.picklist(staffRoles)
const status = v.picklist(pipelineStatuses)

export const staffMeSchema: Schema<StaffMe> = v.object({
  userId: v.string(),
  email: v.string(),
  role,
  sources: v.array(v.string()),
})

const ownerRefSchema: Schema<LeadOwnerRef> = v.object({ userId: v.string(), email: v.string() })
const ownerSchema = v.nullable(ownerRefSchema)

const leadSummarySchema: Schema<LeadSummary> = v.object({
  id: v.string(),
  createdAt: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  companyName: v.string(),
  source: nullableString,
  language: v.string(),
  status,
  bookingState: v.nullable(v.picklist(bookingStates)),
  bookingStart: nullableString,
  owner: ownerSchema,
})

export const leadPageSchema: Schema<LeadPage> = v.object({
  leads: v.array(leadSummarySchema),
  next: nullableString,
  total: count,
})

const historyEntrySchema: Schema<LeadHistoryEntry> = v.object({
  at: v.string(),
  kind: v.picklist(leadHistoryKinds),
  by: nullableString,
  text: v.string(),
  via: v.optional(v.picklist(['turn', 'rule', 'booking', 'hand', 'scheduler', 'grace'])),
})

const meetingSchema: Schema<LeadMeeting> = v.object({
  outcome: v.nullable(v.picklist(meetingOutcomes)),
  start: v.string(),
  end: nullableString,
  started: v.boolean(),
})

export const leadDetailSchema: Schema<LeadDetail> = v.object({
  lead: v.record(v.string(), v.nullable(v.union([v.string(), v.number(), v.boolean()]))),
  status,
  owner: ownerSchema,
  meeting: v.nullable(meetingSchema),
  history: v.array(historyEntrySchema),
})

export const ownerChoicesSchema: Schema<LeadOwnerChoice[]> = v.array(
  v.object({ userId: v.string(), email: v.string(), role, takesLeads: v.boolean() }),
)

export const eraseResultSchema: Schema<EraseResult> = v.object({ erased: count })

const auditEntrySchema: Schema<AuditEntry> = v.object({
  id: v.string(),
  at: v.string(),
  actor: v.string(),
  action: v.picklist(auditActions),
  leadId: nullableString,
  detail: v.record(v.string(), v.unknown()),
})

export const auditPageSchema: Schema<AuditPage> = v.object({
  entries: v.array(auditEntrySchema),
  next: nullableString,
})

export const staffMemberSchema: Schema<StaffMember> = v.object({
  userId: v.string(),
  email: v.string(),
  role,
  sources: v.array(v.string()),
  invitedAt: v.string(),
  takesLeads: v.boolean(),
})

export const staffListSchema: Schema<StaffList> = v.array(staffMemberSchema)

const stepEntries = {
  views: count,
  starts: count,
  sent: count,
  booked: count,
  met: count,
  noShow: count,
  hostAbsent: count,
  heldForReview: count,
  routed: count,
  cancelled: count,
}
const stepsSchema: Schema<FunnelSteps> = v.object(stepEntries)
const daySchema: Schema<FunnelDay> = v.object({ ...stepEntries, day: v.string() })
const codeCounts = v.array(v.tuple([v.string(), count]))
const fieldSchema: Schema<FunnelFieldDropOff> = v.object({
  field: v.string(),
  label: v.string(),
  leftEmpty: count,
  leftWithError: count,
  errorCodes: codeCounts,
  refused: count,
  refusedCodes: codeCounts,
})

export const funnelReportSchema: Schema<FunnelReport> = v.object({
  from: v.string(),
  to: v.string(),
  timeZone: v.string(),
  sources: v.array(v.string()),
  totals: stepsSchema,
  days: v.array(daySchema),
  previous: v.object({
    from: v.string(),
    to: v.string(),
    totals: stepsSchema,
    days: v.array(daySchema),
  }),
  bySource: v.array(v.object({ ...stepEntries, source: v.string() })),
  byPage: v.array(v.object({ ...stepEntries, source: v.string(), page: v.string() })),
  byCampaign: v.array(v.object({ ...stepEntries, utmSource: v.string(), utmCampaign: v.string() })),
  fields: v.array(fieldSchema),
})

const channel = v.picklist(deliveryChannels)

const deadLetterSchema: Schema<DeadLetter> = v.object({
  kind: v.picklist(['lead', 'digest', 'booking', 'no_booking', 'status']),
  key: v.string(),
  leadId: nullableString,
  attempts: count,
  lastError: v.string(),
  failedAt: nullableString,
})

const integrationStateSchema: Schema<IntegrationState> = v.object({
  channel,
  configured: v.boolean(),
  sent: count,
  lastSuccess: nullableString,
  waiting: count,
  dead: count,
  deadLetters: v.array(deadLetterSchema),
})

export const integrationsReportSchema: Schema<IntegrationsReport> = v.object({
  integrations: v.array(integrationStateSchema),
})

export const retryResultSchema: Schema<RetryResult> = v.object({ channel, retried: count })

export const testSendResultSchema: Schema<TestSendResult> = v.object({
  channel,
  ok: v.boolean(),
  message: v.string(),
})

const shareLinkSchema: Schema<ShareLink> = v.object({
  id: v.string(),
  createdBy: v.string(),
  createdAt: v.string(),
  sources: v.array(v.string()),
  days: v.nullable(count),
  from: nullableString,
  to: nullableString,
  expiresAt: nullableString,
  revokedAt: nullableString,
  openings: count,
  lastOpenedAt: nullableString,
})

export const shareLinksSchema: Schema<ShareLink[]> = v.array(shareLinkSchema)

export const shareLinkMadeSchema: Schema<ShareLinkMade> = v.object({
  link: shareLinkSchema,
  token: v.string(),
})

export const sharedFunnelSchema: Schema<SharedFunnel> = v.object({
  report: funnelReportSchema,
  expiresAt: nullableString,
})

export const reportChoiceSchema: Schema<ReportChoice> = v.object({
  cadence: v.picklist(reportCadences),
})
