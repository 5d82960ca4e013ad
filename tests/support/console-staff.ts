import { SignJWT } from 'jose'
import type { StaffRole } from '#core/console-api.ts'
import { createConsoleHandler } from '#shared/console/console-handler.ts'
import type { AuthAdmin } from '#shared/console/people/auth-admin.ts'
import { createTokenVerifier } from '#shared/console/sign-in/verify-token.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import type { Notifier } from '#shared/notify/notifier.ts'

/** The project's JWT secret in the console's tests; tokens are signed with it as Auth does. */
export const consoleJwtSecret = 'console-test-secret-of-at-least-32-characters'

/** One person of each role, and one who was removed from the staff, each signed in once. */
export const consoleStaff = {
  owner: { userId: '00000000-0000-4000-8000-000000000001', email: 'owner@firm.example' },
  sales: { userId: '00000000-0000-4000-8000-000000000002', email: 'sales@firm.example' },
  marketing: { userId: '00000000-0000-4000-8000-000000000003', email: 'mkt@firm.example' },
  partner: { userId: '00000000-0000-4000-8000-000000000004', email: 'p@partner.example' },
  removed: { userId: '00000000-0000-4000-8000-000000000005', email: 'gone@firm.example' },
} as const

/** Each person's session in auth.sessions, which their tokens name: the last digit is theirs. */
export const consoleSessions = {
  owner: '00000000-0000-4000-9000-000000000001',
  sales: '00000000-0000-4000-9000-000000000002',
  marketing: '00000000-0000-4000-9000-000000000003',
  partner: '00000000-0000-4000-9000-000000000004',
  removed: '00000000-0000-4000-9000-000000000005',
} as const
export type ConsolePerson = keyof typeof consoleStaff

/** The sources the partner counts. */
const partnerSources = ['partner-acme']

/**
 * Starts a session for `person` as Supabase Auth does at sign-in: a row of auth.sessions (the
 * stand-in server/migrate.ts makes), which their tokens naming `sessionId` need to be live.
 */
export async function startConsoleSession(
  db: SqlDatabase,
  person: ConsolePerson,
  sessionId: string = consoleSessions[person],
) {
  await db.query('insert into auth.sessions (id, user_id) values ($1, $2) on conflict do nothing', [
    sessionId,
    consoleStaff[person].userId,
  ])
}

/** Ends a session as Supabase Auth does at sign-out: its row goes. */
export async function endConsoleSession(db: SqlDatabase, sessionId: string) {
  await db.query('delete from auth.sessions where id = $1', [sessionId])
}

/**
 * Puts the four roles on the staff, as the owner would (the superuser here), and signs in each
 * person, the removed one too (whose live session then opens nothing).
 */
export async function addConsoleStaff(db: SqlDatabase) {
  for (const role of ['owner', 'sales', 'marketing', 'partner'] as StaffRole[]) {
    const { userId, email } = consoleStaff[role]
    await db.query(
      'insert into public.console_staff (user_id, email, role, sources) values ($1, $2, $3, $4)',
      [userId, email, role, role === 'partner' ? partnerSources : []],
    )
  }
  for (const person of Object.keys(consoleStaff) as ConsolePerson[]) {
    await startConsoleSession(db, person)
  }
}

/** The claims Supabase Auth puts in a signed-in person's access token. */
export function staffClaims(person: ConsolePerson, sessionId: string = consoleSessions[person]) {
  const { userId, email } = consoleStaff[person]
  return { sub: userId, email, role: 'authenticated', aud: 'authenticated', session_id: sessionId }
}

/** Who runs a query: a person of the staff, or one of Supabase's own roles. */
export type ConsoleCaller = ConsolePerson | 'anon' | 'service_role'

/**
 * Runs `sql` as the caller and rolls back, whatever it did: the rows it returned, or the SQLSTATE
 * it was refused with. A person runs as the console function's role with their token's claims,
 * or, with `route` 'authenticated', as Supabase's Data API would run their token.
 */
export async function queryAs(
  db: SqlDatabase,
  caller: ConsoleCaller,
  sql: string,
  params: unknown[] = [],
  route: 'console_staff_role' | 'authenticated' = 'console_staff_role',
) {
  const role = caller === 'anon' || caller === 'service_role' ? caller : route
  return rolledBack(db, async (tx) => {
    await tx.exec(`set local role ${role}`)
    if (role === route) {
      await tx.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify(staffClaims(caller as ConsolePerson)),
      ])
    }
    return tx.query(sql, params)
  }) as Promise<Record<string, unknown>[] | string>
}

/**
 * Runs `work` in a transaction and rolls it back, whatever it did: what it returned, or the
 * SQLSTATE it was refused with.
 */
export async function rolledBack(
  db: SqlDatabase,
  work: (tx: SqlDatabase) => Promise<unknown>,
): Promise<unknown> {
  const rollback = new Error('rolled back')
  let outcome: unknown = 'none'
  await db
    .transaction(async (tx) => {
      try {
        outcome = await work(tx)
      } catch (error) {
        outcome = (error as { code?: string }).code ?? 'error'
      }
      throw rollback
    })
    .catch((error) => {
      if (error !== rollback) throw error
    })
  return outcome
}

/** An access token as Supabase Auth signs it (HS256 with the project's secret). */
export function staffToken(
  person: ConsolePerson,
  {
    secret = consoleJwtSecret,
    expiresIn = '1h' as string | number,
    sessionId = consoleSessions[person] as string,
  } = {},
) {
  const { aud: _aud, ...claims } = staffClaims(person, sessionId)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience('authenticated')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret))
}

/** A stand-in for Auth's admin API that records what it was asked. */
export function recordingAuthAdmin() {
  const calls: { invite: [string, string][]; removeUser: string[] } = { invite: [], removeUser: [] }
  let next = 100
  const admin: AuthAdmin = {
    async invite(email, redirectTo) {
      calls.invite.push([email, redirectTo])
      return { userId: `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}` }
    },
    async removeUser(userId) {
      calls.removeUser.push(userId)
    },
  }
  return { admin, calls }
}

/**
 * The console's handler on `db`, checking tokens with the test secret; `notifiers` are the
 * destinations its Integrations page calls set.
 */
export function consoleHandlerOn(
  db: SqlDatabase,
  authAdmin: AuthAdmin | null = null,
  notifiers: readonly Notifier[] = [],
) {
  return createConsoleHandler({
    db,
    notifiers,
    verify: createTokenVerifier({ jwtSecret: consoleJwtSecret, url: null }),
    authAdmin,
    allowedOrigins: [],
    salesTimeZone: 'UTC',
    log: () => {},
  })
}

/** A call of the console's API as the page makes it. */
export function consoleRequest(
  path: string,
  token: string | null,
  { method = 'GET', body }: { method?: string; body?: unknown } = {},
) {
  return new Request(`http://localhost:3000/functions/v1/console/${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/**
 * A notifier for `channel` that records each lead it is asked to send and answers as told: it
 * accepts, or rejects with `refusal` as a destination's reply would.
 */
export function recordingNotifier(channel: Notifier['channel'], refusal: string | null = null) {
  const sent: { id: string; firstName: string; lastName: string }[] = []
  const answer = async () => {
    if (refusal !== null) throw new Error(refusal)
  }
  const notifier: Notifier = {
    channel,
    async notify(lead) {
      sent.push({ id: lead.id, firstName: lead.firstName, lastName: lead.lastName })
      await answer()
    },
    notifyDigest: answer,
    notifyBooking: answer,
  }
  return { notifier, sent }
}
