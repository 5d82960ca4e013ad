import type { MeetingOutcome, PipelineStatus } from '#core/console-api.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { toDate } from '../db/sql-role.ts'
import { type LeadRow, leadColumns, leadFromRow } from '../lead/lead-row.ts'
import type { NotificationStore } from './notification-store.ts'
import type { NotificationChannel } from './notifier.ts'
import { attemptOutcomeRecorder } from './sql-attempt-outcome.ts'
import { leadOutbox, outboxClaim } from './sql-outbox-claim.ts'

type StatusMethods = Pick<NotificationStore, 'claimDueStatuses' | 'recordStatusOutcome'>

interface StatusClaimRow extends LeadRow {
  channel: NotificationChannel
  change_id: string | number
  pipeline_status: PipelineStatus | null
  meeting_outcome: MeetingOutcome | 'pending' | null
  changed_at: Date | string
  attempts: number
  tries: number
}

const outbox = leadOutbox('demo_request_status_notifications', 's')

// The row's version (its change_id) is what the claim sends, and what its outcome counts for.
const claim = outboxClaim({
  ...outbox,
  returning: [
    's.change_id',
    's.pipeline_status',
    's.meeting_outcome',
    's.created_at as changed_at',
    leadColumns('d'),
  ],
})

const recordAttempt = attemptOutcomeRecorder({ ...outbox, fence: 'change_id' })

/** The status-change half of the SQL notification store, in transactions from `run`. */
export function sqlStatusNoticeMethods(
  run: <T>(work: (tx: SqlDatabase) => Promise<T>) => Promise<T>,
): StatusMethods {
  return {
    claimDueStatuses: (options) =>
      options.channels.length === 0
        ? Promise.resolve([])
        : run(async (tx) => {
            const rows = await claim<StatusClaimRow>(tx, options)
            return rows.map((row) => ({
              channel: row.channel,
              changeId: String(row.change_id),
              attempt: Number(row.attempts),
              tries: Number(row.tries),
              change: {
                status: row.pipeline_status,
                // `pending`: no outcome now, which the CRM is to clear.
                ...(row.meeting_outcome === null
                  ? {}
                  : {
                      meetingOutcome:
                        row.meeting_outcome === 'pending' ? null : row.meeting_outcome,
                    }),
                changedAt: toDate(row.changed_at),
                lead: leadFromRow(row),
              },
            }))
          }),

    recordStatusOutcome: ({ change, channel, changeId, attempt }, outcome, now) =>
      run((tx) =>
        recordAttempt(
          tx,
          { key: [change.lead.id, channel], attempt, fence: changeId },
          outcome,
          now,
        ),
      ),
  }
}
