import { firmDay } from '#core/firm-day.ts'
import type { AbuseStore } from '../abuse/abuse-store.ts'
import { windowStart } from '../abuse/rate-limit.ts'
import type { FunnelStore } from '../analytics/funnel-store.ts'
import type { AuditRetention } from '../console/audit/audit-retention.ts'
import type { AfterReply } from '../http/after-reply.ts'
import type { NotificationStore } from '../notify/notification-store.ts'
import type { FunctionConfig } from './function-config.ts'

const dayMs = 24 * 60 * 60 * 1000

/** How often the function prunes by itself: often enough that nothing outlives its term by much. */
export const retentionIntervalMs = 60 * 60 * 1000

/**
 * Deletes what the function keeps only for a while: rate-limit windows that are over with their
 * hashed client keys and daily secrets, spent proofs, old digests, funnel counters older than
 * ANALYTICS_RETENTION_DAYS and audit entries older than AUDIT_RETENTION_DAYS; and folds the
 * shards of the days just over into one row each.
 */
export function createRetention(
  config: Pick<FunctionConfig, 'rateLimit' | 'analytics' | 'auditRetentionDays' | 'salesTimeZone'>,
  stores: {
    abuse: AbuseStore
    notifications: NotificationStore
    funnel: FunnelStore
    audit: AuditRetention
  },
  now: () => Date,
) {
  return () => {
    const at = now()
    const before = windowStart(at, config.rateLimit.windowSeconds)
    // Counters are kept by the firm's day: today, and the oldest kept, are the firm's too, so
    // no shard of a day still counting is folded.
    const day = (moment: Date) => firmDay(moment, config.salesTimeZone)
    const oldest = day(new Date(at.getTime() - config.analytics.retentionDays * dayMs))
    return Promise.all([
      stores.abuse.prune(before),
      stores.notifications.prune(before),
      stores.funnel.prune(oldest, before, day(at), config.salesTimeZone),
      stores.audit.prune(config.auditRetentionDays),
    ])
  }
}

/**
 * Runs `prune` after a reply at most once every `retentionIntervalMs` of `now`: wherever the
 * function serves requests (Supabase, `npm start`), retention needs no job, secret or cron step.
 * An instance prunes at its first request, so a short-lived one still does its share.
 */
export function pruneWhileServing(
  prune: () => Promise<unknown>,
  now: () => Date,
  afterReply: AfterReply,
  log: (message: string, error?: unknown) => void,
) {
  let last = Number.NEGATIVE_INFINITY
  return () => {
    const at = now().getTime()
    if (at - last < retentionIntervalMs) return
    last = at
    afterReply(prune().catch((error) => log('Pruning failed', error)))
  }
}
