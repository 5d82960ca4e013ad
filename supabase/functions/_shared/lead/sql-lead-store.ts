import type { SqlDatabase } from '../db/sql-database.ts'
import { type SqlStoreOptions, transactionsAs } from '../db/sql-role.ts'
import { type LeadRow, leadColumns, leadFromRow } from './lead-row.ts'
import type { InsertResult, LeadStore, Limited, NewDemoRequest, WindowLimit } from './lead-store.ts'

interface AcceptRow {
  request_id: string | null
  created: boolean | null
  limited: Limited['limited'] | null
  held: boolean | null
}

/**
 * One call of `accept_demo_request`, outside any transaction: the function does the whole job
 * as its owner. Without a limit nothing is counted or refused, which only tests and the bench
 * want (tests/support/insert-lead.ts); the store always passes one.
 */
export async function acceptDemoRequest(
  db: SqlDatabase,
  request: NewDemoRequest,
  limit: WindowLimit | null,
): Promise<InsertResult | Limited> {
  // Named arguments: twenty-five positions are too easy to shift by one.
  const [row] = await db.query<AcceptRow>(
    `select request_id, created, limited, held from public.accept_demo_request(
       p_first_name => $1, p_last_name => $2, p_company_name => $3, p_company_size => $4,
       p_source => $5, p_page_url => $6, p_referrer => $7, p_user_agent => $8,
       p_idempotency_key => $9, p_is_spam => $10, p_client_key => $11, p_window_start => $12,
       p_client_max => $13, p_global_max => $14, p_utm_source => $15, p_utm_medium => $16,
       p_utm_campaign => $17, p_utm_term => $18, p_utm_content => $19, p_email => $20,
       p_phone => $21, p_phone_e164 => $22, p_role => $23, p_message => $24,
       p_held_until => $25)`,
    [
      request.firstName,
      request.lastName,
      request.companyName,
      request.companySize,
      request.source,
      request.pageUrl,
      request.referrer,
      request.userAgent,
      request.idempotencyKey,
      request.isSpam,
      limit?.clientKey ?? null,
      limit?.windowStart ?? null,
      limit?.clientMax ?? null,
      limit?.globalMax ?? null,
      request.utmSource,
      request.utmMedium,
      request.utmCampaign,
      request.utmTerm,
      request.utmContent,
      request.email,
      request.phone,
      request.phoneE164,
      request.role,
      request.message,
      limit?.holdUntil ?? null,
    ],
  )
  if (row?.limited) return { limited: row.limited }
  if (!row?.request_id) throw new Error('accept_demo_request returned no row')
  return { id: row.request_id, created: row.created === true, held: row.held === true }
}

/** The lead store in plain SQL, over any {@link SqlDatabase}: PGlite or PostgreSQL. */
export function createSqlLeadStore(db: SqlDatabase, options: SqlStoreOptions = {}): LeadStore {
  const run = transactionsAs(db, options.role ?? 'service_role')

  return {
    accept: (request, limit) => acceptDemoRequest(db, request, limit),

    list: (limit, status) =>
      run(async (tx) => {
        const rows = await tx.query<LeadRow>(
          // A null limit is no limit, a null status any status.
          `select ${leadColumns()} from public.demo_requests
            where $2::text is null or notification_status = $2
            order by created_at desc, id limit $1`,
          [limit, status ?? null],
        )
        return rows.map(leadFromRow)
      }),

    count: (status) =>
      run(async (tx) => {
        const rows = await tx.query<{ count: number }>(
          `select count(*)::int as count from public.demo_requests
            where $1::text is null or notification_status = $1`,
          [status ?? null],
        )
        return rows[0]?.count ?? 0
      }),
  }
}
