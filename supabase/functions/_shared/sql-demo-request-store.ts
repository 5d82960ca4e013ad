import type {
  DemoRequestStore,
  InsertResult,
  NewDemoRequest,
  StoredDemoRequest,
} from './demo-request-store.ts'
import type { SqlDatabase } from './sql-database.ts'

/** How the store talks to the database. */
export interface SqlStoreOptions {
  /**
   * Role each transaction switches to (`set local role`), so the grants and row-level security
   * of the migrations apply to the function too. Empty to keep the login role.
   */
  role?: string
}

const columns = `id, first_name, last_name, company_name, company_size, source, page_url,
  referrer, user_agent, idempotency_key, is_spam, notification_status, notification_attempts,
  notification_error, notified_at, created_at`

interface Row {
  id: string
  first_name: string
  last_name: string
  company_name: string
  company_size: StoredDemoRequest['companySize']
  source: string | null
  page_url: string | null
  referrer: string | null
  user_agent: string | null
  idempotency_key: string | null
  is_spam: boolean
  notification_status: StoredDemoRequest['notificationStatus']
  notification_attempts: number
  notification_error: string | null
  notified_at: Date | string | null
  created_at: Date | string
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))

function fromRow(row: Row): StoredDemoRequest {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    companySize: row.company_size,
    source: row.source,
    pageUrl: row.page_url,
    referrer: row.referrer,
    userAgent: row.user_agent,
    idempotencyKey: row.idempotency_key,
    isSpam: row.is_spam,
    notificationStatus: row.notification_status,
    notificationAttempts: Number(row.notification_attempts),
    notificationError: row.notification_error,
    notifiedAt: row.notified_at === null ? null : toDate(row.notified_at),
    createdAt: toDate(row.created_at),
  }
}

/** The one store, in plain SQL, over any {@link SqlDatabase}. */
export function createSqlDemoRequestStore(
  db: SqlDatabase,
  options: SqlStoreOptions = {},
): DemoRequestStore {
  const role = options.role ?? 'service_role'
  // Interpolated into SQL below, so only a plain identifier is accepted.
  if (role !== '' && !/^[a-z_][a-z0-9_]*$/.test(role)) {
    throw new Error(`Not a valid role name: ${role}`)
  }

  const run = <T>(work: (tx: SqlDatabase) => Promise<T>) =>
    db.transaction(async (tx) => {
      if (role !== '') await tx.exec(`set local role ${role}`)
      return work(tx)
    })

  const findId = async (tx: SqlDatabase, key: string) => {
    const rows = await tx.query<{ id: string }>(
      'select id from public.demo_requests where idempotency_key = $1',
      [key],
    )
    return rows[0]?.id ?? null
  }

  return {
    insert: (request: NewDemoRequest) =>
      run(async (tx): Promise<InsertResult> => {
        const inserted = await tx.query<{ id: string }>(
          `insert into public.demo_requests (first_name, last_name, company_name, company_size,
             source, page_url, referrer, user_agent, idempotency_key, is_spam, notification_status)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
           on conflict (idempotency_key) do nothing
           returning id`,
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
            request.isSpam ? 'skipped' : 'pending',
          ],
        )
        if (inserted[0]) return { id: inserted[0].id, created: true }
        // The conflicting insert waited for the other transaction to commit, so its row is visible.
        const id = request.idempotencyKey === null ? null : await findId(tx, request.idempotencyKey)
        if (id === null) throw new Error('Insert returned no row and no row holds its key')
        return { id, created: false }
      }),

    findIdByIdempotencyKey: (key) => run((tx) => findId(tx, key)),

    countHit: (clientKey, windowStart) =>
      run(async (tx) => {
        // Earlier windows no longer matter; dropping them keeps the table a handful of rows.
        await tx.query('delete from public.demo_request_rate_limits where window_start < $1', [
          windowStart,
        ])
        const rows = await tx.query<{ hits: number }>(
          `insert into public.demo_request_rate_limits as limits (client_key, window_start, hits)
           values ($1, $2, 1)
           on conflict (client_key, window_start) do update set hits = limits.hits + 1
           returning hits`,
          [clientKey, windowStart],
        )
        return Number(rows[0]?.hits ?? 0)
      }),

    list: (limit) =>
      run(async (tx) => {
        const rows = await tx.query<Row>(
          `select ${columns} from public.demo_requests order by created_at desc, id limit $1`,
          [limit],
        )
        return rows.map(fromRow)
      }),
  }
}
