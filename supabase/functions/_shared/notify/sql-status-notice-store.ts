import type { MeetingOutcome, PipelineStatus } from '#core/console-api.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { toDate } from '../db/sql-role.ts'
import { type LeadRow, leadColumns, leadFromRow } from '../lead/lead-row.ts'
import type { NotificationStore } from './notification-store.ts'
import type { NotificationChannel } from './notifier.ts'

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

// As for a lead's channels (sql-notification-store.ts): `skip locked` keeps workers apart, and
// the attempt count is the claim's fencing token; the row's version is what the claim sends.
const claim = `
  with due as (
    select s.lead_id, s.channel
    from public.demo_request_status_notifications s
    where s.channel = any ($1::text[])
      and s.status in ('pending', 'failed')
      and (s.next_attempt_at is null or s.next_attempt_at <= $5)
      and (s.claimed_until is null or s.claimed_until <= $5)
      and not ((s.lead_id::text || '/' || s.channel) = any ($4::text[]))
    order by s.attempts, s.created_at, s.lead_id, s.channel
    limit $2
    for update of s skip locked
  )
  update public.demo_request_status_notifications s
  set attempts = s.attempts + 1, claimed_until = $5::timestamptz + $3::integer * interval '1 second'
  from due, public.demo_requests d
  where s.lead_id = due.lead_id and s.channel = due.channel and d.id = s.lead_id
  returning s.channel, s.change_id, s.pipeline_status, s.meeting_outcome, s.created_at as changed_at, s.attempts,
    s.attempts - s.retry_base as tries, ${leadColumns('d')}`

// Sent only if the row still stands for the change that was sent; else it stays pending for the
// newer one, its lease let go so the next run claims it at once.
const sent = `
  update public.demo_request_status_notifications
  set status = case when change_id = $3 then 'sent' else status end,
    sent_at = case when change_id = $3 then coalesce(sent_at, $4) else sent_at end,
    last_error = case when change_id = $3 then null else last_error end,
    claimed_until = null
  where lead_id = $1 and channel = $2 and status <> 'sent'`

// Only the attempt that holds the claim may record a failure, and only against the change it
// tried: a newer one keeps its own tries and waits no longer, its lease let go as above.
const failed = `
  update public.demo_request_status_notifications
  set status = case when change_id <> $3 then status when $7 then 'dead' else 'failed' end,
    last_error = case when change_id = $3 then left($4, 500) else last_error end,
    next_attempt_at = case when change_id = $3 then $6 else next_attempt_at end,
    failed_at = case when change_id = $3 then $8 else failed_at end,
    claimed_until = null
  where lead_id = $1 and channel = $2 and attempts = $5 and status <> 'sent'`

/** The status-change half of the SQL notification store, in transactions from `run`. */
export function sqlStatusNoticeMethods(
  run: <T>(work: (tx: SqlDatabase) => Promise<T>) => Promise<T>,
): StatusMethods {
  return {
    claimDueStatuses: ({ channels, limit, leaseSeconds, skip = [], now }) =>
      channels.length === 0
        ? Promise.resolve([])
        : run(async (tx) => {
            const rows = await tx.query<StatusClaimRow>(claim, [
              [...channels],
              limit,
              Math.ceil(leaseSeconds),
              [...skip],
              now,
            ])
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
      run(async (tx) => {
        const key = [change.lead.id, channel, changeId]
        if (outcome.status === 'sent') await tx.query(sent, [...key, now])
        else {
          await tx.query(failed, [
            ...key,
            outcome.error,
            attempt,
            outcome.retryAt,
            outcome.dead,
            now,
          ])
        }
      }),
  }
}
