import type {
  AuditPage,
  EraseRequest,
  EraseResult,
  FunnelQuery,
  FunnelReport,
  IntegrationsReport,
  LeadDetail,
  LeadFilter,
  LeadOwnerChoice,
  LeadPage,
  MeetingOutcome,
  PipelineStatus,
  ReportCadence,
  ReportChoice,
  RetryResult,
  ShareLink,
  ShareLinkMade,
  StaffInvite,
  StaffList,
  StaffMe,
  StaffMember,
  StaffRole,
  TestSendResult,
} from '#core/console-api.ts'
import type { DeliveryChannel } from '#core/delivery-channels.ts'
import type { ShareLinkRequest } from '#core/share-link-request.ts'

/**
 * The console function's routes as the views call them: `createConsoleClient` over HTTP in the
 * app, an in-memory fake in stories and tests. Every method rejects with a ConsoleApiError.
 */
export interface ConsoleApi {
  me(): Promise<StaffMe>
  leads(filter: LeadFilter, before: string | null): Promise<LeadPage>
  lead(id: string): Promise<LeadDetail>
  setStatus(id: string, status: PipelineStatus): Promise<LeadDetail>
  addNote(id: string, text: string): Promise<LeadDetail>
  /** The people a lead may go to (owner and sales). */
  owners(): Promise<LeadOwnerChoice[]>
  /** Marks how the lead's booked meeting ended (written back to its scheduler). */
  markMeeting(id: string, outcome: MeetingOutcome): Promise<LeadDetail>
  /** Gives the lead to `userId`, one of `owners()`. */
  setOwner(id: string, userId: string): Promise<LeadDetail>
  /** `GET /leads.csv` with the filter, whole, to save as a file. */
  exportCsv(filter: LeadFilter): Promise<Blob>
  audit(before: string | null): Promise<AuditPage>
  staff(): Promise<StaffList>
  invite(invite: StaffInvite): Promise<StaffMember>
  updateStaff(
    userId: string,
    change: { role: StaffRole; sources: string[]; takesLeads?: boolean },
  ): Promise<StaffMember>
  removeStaff(userId: string): Promise<void>
  erase(request: EraseRequest): Promise<EraseResult>
  funnel(query: FunnelQuery): Promise<FunnelReport>
  /** `GET /funnel.csv` with the same days and source, whole, to save as a file. */
  funnelCsv(query: FunnelQuery): Promise<Blob>
  /** Each destination's state and dead letters (owner only). */
  integrations(): Promise<IntegrationsReport>
  /** Sends the channel's dead letters again. */
  retryDead(channel: DeliveryChannel): Promise<RetryResult>
  /** Sends the made-up test lead to the channel now; resolves with its answer either way. */
  sendTest(channel: DeliveryChannel): Promise<TestSendResult>
  /** The share links the caller may see: the owner's every one, marketing's own. */
  shareLinks(): Promise<ShareLink[]>
  /** Makes a link; its token is in this answer alone. */
  makeShareLink(request: ShareLinkRequest): Promise<ShareLinkMade>
  revokeShareLink(id: string): Promise<void>
  /** The signed-in person's own emailed report. */
  report(): Promise<ReportChoice>
  setReport(cadence: ReportCadence): Promise<ReportChoice>
}
