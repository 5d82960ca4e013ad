import { naturalBatches } from '../db/natural-batches.ts'
import type { SqlDatabase } from '../db/sql-database.ts'
import { failedInTheStatement } from '../db/sql-errors.ts'
import { type SqlStoreOptions, transactionsAs } from '../db/sql-role.ts'
import { type LeadRow, leadArgument, leadColumns, leadFromRow } from './lead-row.ts'
import type { InsertResult, LeadStore, Limited, NewDemoRequest, WindowLimit } from './lead-store.ts'

interface AcceptRow {
  request_id: string | null
  created: boolean | null
  limited: Limited['limited'] | null
  held: boolean | null
  route_rule: number | null
}

/** One call's lead and the limits it counts against, as `accept_demo_request` takes them. */
interface AcceptCall {
  request: NewDemoRequest
  limit: WindowLimit | null
}

const outcomeOf = (row: AcceptRow | undefined): InsertResult | Limited => {
  if (row?.limited) return { limited: row.limited }
  if (!row?.request_id) throw new Error('accept_demo_request returned no row')
  return {
    id: row.request_id,
    created: row.created === true,
    held: row.held === true,
    routeRule: row.route_rule === null ? null : Number(row.route_rule),
  }
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
  const [row] = await db.query<AcceptRow>(
    `select request_id, created, limited, held, route_rule from public.accept_demo_request(
       p_lead => $1::jsonb, p_client_key => $2, p_window_start => $3, p_client_max => $4,
       p_global_max => $5, p_held_until => $6)`,
    [
      JSON.stringify(leadArgument(request)),
      limit?.clientKey ?? null,
      limit?.windowStart ?? null,
      limit?.clientMax ?? null,
      limit?.globalMax ?? null,
      limit?.holdUntil ?? null,
    ],
  )
  return outcomeOf(row)
}

/** Several calls in one statement (`accept_demo_requests`), each as if alone and in order. */
async function acceptDemoRequests(
  db: SqlDatabase,
  calls: AcceptCall[],
): Promise<(InsertResult | Limited)[]> {
  if (calls.length === 1) {
    const [{ request, limit }] = calls as [AcceptCall]
    return [await acceptDemoRequest(db, request, limit)]
  }
  const rows = await db.query<AcceptRow & { ord: number }>(
    `select ord, request_id, created, limited, held, route_rule
       from public.accept_demo_requests($1::jsonb) order by ord`,
    [
      JSON.stringify(
        calls.map(({ request, limit }) => ({
          lead: leadArgument(request),
          client_key: limit?.clientKey ?? null,
          window_start: limit?.windowStart ?? null,
          client_max: limit?.clientMax ?? null,
          global_max: limit?.globalMax ?? null,
          held_until: limit?.holdUntil ?? null,
        })),
      ),
    ],
  )
  return rows.map(outcomeOf)
}

// Leads in one call at most: a few milliseconds of the database's time.
const maxBatch = 32

/** The lead store in plain SQL, over any {@link SqlDatabase}: PGlite or PostgreSQL. */
export function createSqlLeadStore(db: SqlDatabase, options: SqlStoreOptions = {}): LeadStore {
  const run = transactionsAs(db, options.role ?? 'service_role')
  // Leads that come while their calls are all out go together in the next (natural-batches.ts);
  // a batch that failed in the statement is tried again a lead at a time. One connection is
  // left to the rest (the funnel's events, the deliveries), which a burst of leads never starves.
  const accept = naturalBatches({
    run: (calls: AcceptCall[]) => acceptDemoRequests(db, calls),
    concurrency: Math.max(1, (db.connections ?? 1) - 1),
    maxBatch,
    splitOn: failedInTheStatement,
  })

  return {
    accept: (request, limit) => accept({ request, limit }),

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
