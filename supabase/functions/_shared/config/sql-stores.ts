import { createSqlAbuseStore } from '../abuse/sql-abuse-store.ts'
import { createSqlFunnelStore } from '../analytics/sql-funnel-store.ts'
import { createSqlBookingStore } from '../booking/sql-booking-store.ts'
import { createSqlAuditRetention } from '../console/audit/audit-retention.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import type { SqlStoreOptions } from '../db/sql-role.ts'
import { createSqlLeadStore } from '../lead/sql-lead-store.ts'
import { createSqlNotificationStore } from '../notify/sql-notification-store.ts'
import { createSqlQuietAlarmStore } from '../quiet/quiet-alarm-store.ts'
import { createSqlReportStore } from '../reports/sql-report-store.ts'
import type { FunctionStores } from './configured-handler.ts'

/** Every store the function works on, on one SQL database, each under `options`' role. */
export function createSqlStores(db: SqlDatabase, options: SqlStoreOptions = {}): FunctionStores {
  return {
    leads: createSqlLeadStore(db, options),
    abuse: createSqlAbuseStore(db, options),
    notifications: createSqlNotificationStore(db, options),
    bookings: createSqlBookingStore(db, options),
    funnel: createSqlFunnelStore(db, options),
    audit: createSqlAuditRetention(db, options),
    reports: createSqlReportStore(db, options),
    quiet: createSqlQuietAlarmStore(db, options),
  }
}
