import type {
  AuditAction,
  AuditEntry,
  AuditPage,
  StaffInvite,
  StaffMe,
  StaffMember,
  StaffRole,
} from '#core/console-api.ts'
import { toDate } from '../../db/sql-role.ts'
import type { Staff } from '../as-staff.ts'
import type { ConsoleContext } from '../console-context.ts'
import { ConsoleRefusal, forbidden, invalid, notFound } from '../console-reply.ts'
import { decodeCursor, encodeCursor, keysetAt } from '../keyset-cursor.ts'
import { readLimit } from '../leads/lead-filter.ts'
import { AuthAdminError } from './auth-admin.ts'

const ownerOnly = (staff: Staff, what: string) => {
  if (staff.role !== 'owner') throw forbidden(`Only the owner ${what}.`)
}

/** Who is signed in; a session's first call is its sign-in, on the audit trail. */
export function getMe({ run }: ConsoleContext): Promise<StaffMe> {
  return run(async (tx, { claims, ...me }) => {
    const session = typeof claims.session_id === 'string' ? claims.session_id : null
    if (session !== null) await tx.query('select public.console_audit_sign_in($1)', [session])
    return me
  })
}

type StaffRow = {
  user_id: string
  email: string
  role: StaffRole
  sources: string[]
  invited_at: Date | string
  takes_leads: boolean
}
const member = (row: StaffRow): StaffMember => ({
  userId: row.user_id,
  email: row.email,
  role: row.role,
  sources: row.sources,
  invitedAt: toDate(row.invited_at).toISOString(),
  takesLeads: row.takes_leads,
})
const staffColumns = 'user_id, email, role, sources, invited_at, takes_leads'

export function getStaff({ run }: ConsoleContext): Promise<StaffMember[]> {
  return run(async (tx, staff) => {
    ownerOnly(staff, 'sees the staff')
    const rows = await tx.query<StaffRow>(
      `select ${staffColumns} from public.console_staff order by invited_at, email`,
    )
    return rows.map(member)
  })
}

function authAdminOf(context: ConsoleContext) {
  if (context.authAdmin === null) {
    throw new ConsoleRefusal(
      503,
      'unavailable',
      'Inviting and removing people needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY in the function.',
    )
  }
  return context.authAdmin
}

const authFailed = (error: unknown) =>
  error instanceof AuthAdminError
    ? new ConsoleRefusal(
        error.status >= 400 && error.status < 500 ? 400 : 503,
        error.status >= 400 && error.status < 500 ? 'invalid' : 'unavailable',
        error.message,
      )
    : error

export async function postStaff(
  context: ConsoleContext,
  { email, role, sources }: StaffInvite,
): Promise<StaffMember> {
  const admin = authAdminOf(context)
  // The sign-in link leads to the console on the site that asked.
  const origin = context.request.headers.get('origin') ?? context.url.origin
  await context.run(async (tx, staff) => {
    ownerOnly(staff, 'invites people')
    const taken = await tx.query(
      'select 1 from public.console_staff where lower(email) = lower($1)',
      [email],
    )
    if (taken.length > 0) throw invalid(`${email} is on the staff already.`)
  })
  // Between the transactions, not in one: no connection is held while Auth answers, and on the
  // embedded database (one connection) the local Auth could not answer at all.
  const { userId } = await admin.invite(email, `${origin}/console`).catch((error) => {
    throw authFailed(error)
  })
  return context.run(async (tx, staff) => {
    const [row] = await tx.query<StaffRow>(
      `insert into public.console_staff (user_id, email, role, sources, invited_by)
        values ($1, $2, $3, $4, $5)
        returning ${staffColumns}`,
      [userId, email, role, sources, staff.userId],
    )
    await tx.query("select public.console_audit_record('invite', null, $1)", [
      JSON.stringify({ userId, role, sources }),
    ])
    return member(row as StaffRow)
  })
}

export async function patchStaff(
  context: ConsoleContext,
  { role, sources, takesLeads }: Pick<StaffInvite, 'role' | 'sources'> & { takesLeads?: boolean },
): Promise<StaffMember> {
  const userId = context.path[1] ?? ''
  return context.run(async (tx, staff) => {
    ownerOnly(staff, 'sets roles')
    if (userId === staff.userId && role !== 'owner') {
      throw invalid('You cannot take the owner role from yourself: another owner must.')
    }
    // A role that reads no leads takes none: the table's check would refuse the change.
    const [row] = await tx.query<StaffRow>(
      `update public.console_staff set role = $2, sources = $3,
          takes_leads = coalesce($4, takes_leads) and $2 in ('owner', 'sales')
        where user_id::text = $1
        returning ${staffColumns}`,
      [userId, role, sources, takesLeads ?? null],
    )
    if (row === undefined) throw notFound('There is no such person on the staff.')
    await tx.query("select public.console_audit_record('role_change', null, $1)", [
      JSON.stringify({ userId, role, sources, takesLeads: row.takes_leads }),
    ])
    return member(row)
  })
}

export async function deleteStaff(context: ConsoleContext): Promise<{ removed: string }> {
  const userId = context.path[1] ?? ''
  const admin = authAdminOf(context)
  await context.run(async (tx, staff) => {
    ownerOnly(staff, 'removes people')
    if (userId === staff.userId) throw invalid('You cannot remove yourself: another owner must.')
    const gone = await tx.query(
      'delete from public.console_staff where user_id::text = $1 returning 1',
      [userId],
    )
    if (gone.length === 0) throw notFound('There is no such person on the staff.')
    await tx.query("select public.console_audit_record('remove', null, $1)", [
      JSON.stringify({ userId }),
    ])
  })
  // Off the staff, their token already reads nothing (401); Auth then forgets them, after the
  // commit, so no connection waits on it. A refusal is told: the owner can remove them in Auth.
  await admin.removeUser(userId).catch((error) => {
    throw authFailed(error)
  })
  return { removed: userId }
}

type AuditRow = {
  id: string | number
  at: Date | string
  keyset_at: string
  actor_email: string
  action: AuditAction
  lead_id: string | null
  detail: Record<string, unknown> | string
}

/** The query of `GET /audit`: the page's size and place. */
export const auditQuery = (params: URLSearchParams) => ({
  limit: readLimit(params),
  before: decodeCursor(params.get('before')),
})

export function getAudit(
  { run }: ConsoleContext,
  { limit, before }: ReturnType<typeof auditQuery>,
): Promise<AuditPage> {
  return run(async (tx, staff) => {
    ownerOnly(staff, 'reads the audit trail')
    const params: unknown[] = [limit + 1]
    const after =
      before === null
        ? ''
        : `where (a.at, a.id) < ($${params.push(before.at)}::timestamptz, $${params.push(before.id)}::bigint)`
    const rows = await tx.query<AuditRow>(
      `select a.id, a.at, ${keysetAt('a.at')} as keyset_at, a.actor_email, a.action, a.lead_id,
          a.detail
        from public.console_audit a ${after} order by a.at desc, a.id desc limit $1`,
      params,
    )
    const shown = rows.slice(0, limit)
    const last = shown.at(-1)
    return {
      entries: shown.map(
        (row): AuditEntry => ({
          id: String(row.id),
          at: toDate(row.at).toISOString(),
          actor: row.actor_email,
          action: row.action,
          leadId: row.lead_id,
          detail: typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail,
        }),
      ),
      next:
        rows.length > limit && last !== undefined
          ? encodeCursor({ at: last.keyset_at, id: String(last.id) })
          : null,
    }
  })
}
