import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { randomSecret, storedHash } from './auth-crypto.ts'
import { AuthError } from './auth-error.ts'

/** A session as the token endpoint needs it to sign the next access token. */
export interface SessionRow {
  id: string
  user_id: string
  method: string
  created_at: Date
}

async function addRefreshToken(db: SqlDatabase, sessionId: string, now: Date) {
  const token = randomSecret()
  await db.query(
    'insert into local_auth.refresh_tokens (token_hash, session_id, created_at) values ($1, $2, $3)',
    [storedHash(token), sessionId, now],
  )
  return token
}

/**
 * Starts a session for a user; returns it with its first refresh token. The session is a row of
 * auth.sessions, as Supabase Auth keeps it, where the console asks whether a token's is live.
 */
export async function startSession(db: SqlDatabase, userId: string, method: string, now: Date) {
  return db.transaction(async (tx) => {
    const id = crypto.randomUUID()
    await tx.query(
      'insert into auth.sessions (id, user_id, created_at, updated_at) values ($1, $2, $3, $3)',
      [id, userId, now],
    )
    await tx.query(
      'insert into local_auth.sessions (id, user_id, method, created_at) values ($1, $2, $3, $4)',
      [id, userId, method, now],
    )
    const refreshToken = await addRefreshToken(tx, id, now)
    const session: SessionRow = { id, user_id: userId, method, created_at: now }
    return { session, refreshToken }
  })
}

/**
 * Trades a refresh token for the next one. A token used twice means a copy is loose: the whole
 * session ends, as Supabase Auth revokes the token family. Supabase Auth forgives reuse within
 * 10 s (two tabs refreshing at once); here every reuse is refused, since only hashes are kept
 * and the newer token cannot be handed out again.
 */
export async function rotateRefreshToken(db: SqlDatabase, refreshToken: string, now: Date) {
  const hash = storedHash(refreshToken)
  const outcome = await db.transaction(async (tx) => {
    const [spent] = await tx.query<SessionRow>(
      `with spent as (
         update local_auth.refresh_tokens set revoked = true
         where token_hash = $1 and not revoked returning session_id
       )
       select s.id, s.user_id, s.method, s.created_at
       from local_auth.sessions s join spent on s.id = spent.session_id`,
      [hash],
    )
    if (spent) return { session: spent, refreshToken: await addRefreshToken(tx, spent.id, now) }
    const [reused] = await tx.query<{ session_id: string }>(
      'select session_id from local_auth.refresh_tokens where token_hash = $1',
      [hash],
    )
    if (!reused) return 'not_found' as const
    await tx.query('delete from auth.sessions where id = $1', [reused.session_id])
    return 'reused' as const
  })
  if (outcome === 'not_found') {
    throw new AuthError(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    )
  }
  if (outcome === 'reused') {
    throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  }
  return outcome
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether the user's session `id` is live: not signed out, nor ended by a reused token. */
export async function sessionExists(db: SqlDatabase, id: string, userId: string) {
  if (!uuid.test(id)) return false
  const rows = await db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [
    id,
    userId,
  ])
  return rows.length > 0
}

/**
 * Ends sessions as `POST /logout?scope=` does: this one, the user's others, or all of them.
 * Their rows in auth.sessions go, and with them their refresh tokens.
 */
export async function endSessions(
  db: SqlDatabase,
  userId: string,
  sessionId: string,
  scope: 'global' | 'local' | 'others',
) {
  if (scope === 'global') {
    await db.query('delete from auth.sessions where user_id = $1', [userId])
    return
  }
  const other = scope === 'others' ? 'id <> $2' : 'id = $2'
  await db.query(`delete from auth.sessions where user_id = $1 and ${other}`, [userId, sessionId])
}
