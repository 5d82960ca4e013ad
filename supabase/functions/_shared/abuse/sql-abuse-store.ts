import type { SqlDatabase } from '../db/sql-database.ts'
import { type SqlStoreOptions, toDate, transactionsAs } from '../db/sql-role.ts'
import type { AbuseStore } from './abuse-store.ts'
import { type ClientKeySecret, cacheClientKeySecrets } from './client-key.ts'

interface SecretRow {
  secret: string
  valid_from: Date | string
  valid_until: Date | string
}

/** The abuse store in plain SQL, over any {@link SqlDatabase}: PGlite or PostgreSQL. */
export function createSqlAbuseStore(db: SqlDatabase, options: SqlStoreOptions = {}): AbuseStore {
  const run = transactionsAs(db, options.role ?? 'service_role')

  // One statement as the function's owner, like accept_demo_request: it may make the day's secret.
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
    clientKeySecret,

    spendProof: (nonce, idempotencyKey, expiresAt) =>
      run(async (tx) => {
        // The update touches nothing; it only makes a retry of the same lead return its row.
        const rows = await tx.query(
          `insert into public.demo_request_spent_proofs as s (nonce, idempotency_key, expires_at)
           values ($1, $2, $3)
           on conflict (nonce) do update set expires_at = s.expires_at
           where s.idempotency_key = excluded.idempotency_key
           returning 1`,
          [nonce, idempotencyKey, expiresAt],
        )
        return rows.length === 1
      }),

    windowTotal: (windowStart) =>
      run(async (tx) => {
        const rows = await tx.query<{ total: number }>(
          `select coalesce(sum(hits), 0)::int as total from public.demo_request_window_totals
           where window_start = $1`,
          [windowStart],
        )
        return rows[0]?.total ?? 0
      }),

    prune: (before) =>
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
           ) select count(*)::int as count from removed`,
          [before],
        )
        return rows[0]?.count ?? 0
      }),
  }
}
