import { type ClientKeySecret, cacheClientKeySecrets } from './client-key.ts'
import type {
  DemoRequestStore,
  InsertResult,
  Limited,
  NewDemoRequest,
  StoredDemoRequest,
  WindowLimit,
} from './demo-request-store.ts'
import type { SqlDatabase } from './sql-database.ts'
import { transactionsAs } from './sql-role.ts'

/** How the store talks to the database. */
export interface SqlStoreOptions {
  /**
   * Role each transaction switches to (`set local role`), so the grants and row-level security
   * of the migrations apply to the function too. Empty to keep the login role.
   */
  role?: string
}

const columnNames = [
  'id',
  'first_name',
  'last_name',
  'company_name',
  'company_size',
  'email',
  'phone',
  'phone_e164',
  'role',
  'message',
  'source',
  'page_url',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'user_agent',
  'idempotency_key',
  'is_spam',
  'notification_status',
  'notification_attempts',
  'notification_error',
  'notified_at',
  'held_until',
  'created_at',
]

/** The columns a stored lead is read from, qualified by a table alias when one is given. */
export const leadColumns = (alias?: string) =>
  columnNames.map((name) => (alias ? `${alias}.${name}` : name)).join(', ')

/** A lead's row as the database returns it. */
export interface LeadRow {
  id: string
  first_name: string
  last_name: string
  company_name: string
  company_size: StoredDemoRequest['companySize']
  email: string | null
  phone: string | null
  phone_e164: string | null
  role: string | null
  message: string | null
  source: string | null
  page_url: string | null
  referrer: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  user_agent: string | null
  idempotency_key: string | null
  is_spam: boolean
  notification_status: StoredDemoRequest['notificationStatus']
  notification_attempts: number
  notification_error: string | null
  notified_at: Date | string | null
  held_until: Date | string | null
  created_at: Date | string
}

interface SecretRow {
  secret: string
  valid_from: Date | string
  valid_until: Date | string
}

interface AcceptRow {
  request_id: string | null
  created: boolean | null
  limited: Limited['limited'] | null
  held: boolean | null
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))

/** A lead as the stores hand it on, from its row. */
export function leadFromRow(row: LeadRow): StoredDemoRequest {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    companySize: row.company_size,
    email: row.email,
    phone: row.phone,
    phoneE164: row.phone_e164,
    role: row.role,
    message: row.message,
    source: row.source,
    pageUrl: row.page_url,
    referrer: row.referrer,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    utmTerm: row.utm_term,
    utmContent: row.utm_content,
    userAgent: row.user_agent,
    idempotencyKey: row.idempotency_key,
    isSpam: row.is_spam,
    notificationStatus: row.notification_status,
    notificationAttempts: Number(row.notification_attempts),
    notificationError: row.notification_error,
    notifiedAt: row.notified_at === null ? null : toDate(row.notified_at),
    heldUntil: row.held_until === null ? null : toDate(row.held_until),
    createdAt: toDate(row.created_at),
  }
}

/** The one store, in plain SQL, over any {@link SqlDatabase}. */
export function createSqlDemoRequestStore(
  db: SqlDatabase,
  options: SqlStoreOptions = {},
): DemoRequestStore {
  const run = transactionsAs(db, options.role ?? 'service_role')

  // One statement, outside any transaction: the function does the whole job as its owner.
  const accept = async (
    request: NewDemoRequest,
    limit: WindowLimit | null,
  ): Promise<InsertResult | Limited> => {
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

  // One statement as the function's owner, like accept: it may make the day's secret.
  const clientKeySecret = cacheClientKeySecrets(async (windowStart): Promise<ClientKeySecret> => {
    const [row] = await db.query<SecretRow>(
      'select secret, valid_from, valid_until from public.demo_request_client_key_secret($1)',
      [windowStart],
    )
    if (!row) throw new Error('demo_request_client_key_secret returned no row')
    return {
      secret: row.secret,
      validFrom: toDate(row.valid_from),
      validUntil: toDate(row.valid_until),
    }
  })

  return {
    accept,
    clientKeySecret,

    async insert(request) {
      const result = await accept(request, null)
      if ('limited' in result) throw new Error('An unlimited insert was limited')
      return result
    },

    pruneRateLimits: (before) =>
      run(async (tx) => {
        const rows = await tx.query<{ count: number }>(
          `with removed as (
             delete from public.demo_request_rate_limits where window_start < $1 returning 1
           ), totals as (
             delete from public.demo_request_window_totals where window_start < $1
           ), secrets as (
             delete from public.demo_request_client_key_secrets where valid_until <= $1
           ), proofs as (
             delete from public.demo_request_spent_proofs where expires_at < $1
           ), digests as (
             -- Past the week sql-digest-store.ts looks back, a digest is never made again.
             delete from public.demo_request_digests where held_until < $1 - interval '8 days'
           ) select count(*)::int as count from removed`,
          [before],
        )
        return rows[0]?.count ?? 0
      }),

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
