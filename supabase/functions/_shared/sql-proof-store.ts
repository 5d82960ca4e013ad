import type { ProofStore } from './proof-store.ts'
import type { SqlDatabase } from './sql-database.ts'
import { transactionsAs } from './sql-role.ts'

/** The proof store in plain SQL, as `role` (see sql-demo-request-store.ts). */
export function createSqlProofStore(db: SqlDatabase, options: { role?: string } = {}): ProofStore {
  const run = transactionsAs(db, options.role ?? 'service_role')
  return {
    spend: (nonce, idempotencyKey, expiresAt) =>
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
  }
}
