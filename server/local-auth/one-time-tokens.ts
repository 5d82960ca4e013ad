import type { SqlDatabase } from '../../supabase/functions/_shared/db/sql-database.ts'
import { emailCode, linkTokenHash, storedHash } from './auth-crypto.ts'

/** What a one-time token was sent for; a `magiclink` signs in, an `invite` accepts an invite. */
export type OneTimeKind = 'magiclink' | 'invite'

/** Supabase Auth's default lifetime of an emailed link or code (GOTRUE_MAILER_OTP_EXP). */
const oneTimeTokenSeconds = 3600

// Six digits are a million guesses: after this many wrong codes for an address its token is
// spent, where Supabase Auth relies on its rate limits on /verify instead.
const maxFailedCodes = 5

/** A token as it is sent: the link's `token_hash` and the code, two forms of one secret. */
export interface IssuedToken {
  tokenHash: string
  code: string
  expiresAt: Date
}

/**
 * Issues a token to a user. The person's earlier unused tokens stop working, as Supabase Auth
 * keeps one per person: only the newest link or code signs in.
 */
export async function issueToken(
  db: SqlDatabase,
  user: { id: string; email: string },
  kind: OneTimeKind,
  now: Date,
): Promise<IssuedToken> {
  const code = emailCode()
  const tokenHash = linkTokenHash(user.email, code)
  const expiresAt = new Date(now.getTime() + oneTimeTokenSeconds * 1000)
  await db.transaction(async (tx) => {
    await tx.query(
      'delete from local_auth.one_time_tokens where user_id = $1 and (used_at is null or expires_at < $2)',
      [user.id, now],
    )
    await tx.query(
      `insert into local_auth.one_time_tokens (token_hash, user_id, kind, created_at, expires_at)
       values ($1, $2, $3, $4, $5)`,
      [storedHash(tokenHash), user.id, kind, now, expiresAt],
    )
  })
  return { tokenHash, code, expiresAt }
}

/** When the person's newest token was issued, for the resend interval; null if never. */
export async function lastIssuedAt(db: SqlDatabase, userId: string): Promise<Date | null> {
  const [row] = await db.query<{ at: Date | null }>(
    'select max(created_at) as at from local_auth.one_time_tokens where user_id = $1',
    [userId],
  )
  return row?.at ? new Date(row.at) : null
}

/**
 * Spends a live token of one of `kinds` and returns its user's id and kind, or null when it is
 * unknown, used, expired or of another kind. The update makes it single use under concurrency.
 */
export async function spendToken(
  db: SqlDatabase,
  tokenHash: string,
  kinds: readonly OneTimeKind[],
  now: Date,
): Promise<{ userId: string; kind: OneTimeKind } | null> {
  const [row] = await db.query<{ user_id: string; kind: OneTimeKind }>(
    `update local_auth.one_time_tokens set used_at = $2
     where token_hash = $1 and used_at is null and expires_at > $2 and failed_attempts < $4
       and kind = any($3::text[])
     returning user_id, kind`,
    [storedHash(tokenHash), now, [...kinds], maxFailedCodes],
  )
  return row ? { userId: row.user_id, kind: row.kind } : null
}

/** Counts a wrong code against the address's live token. */
export async function countFailedCode(db: SqlDatabase, email: string, now: Date) {
  await db.query(
    `update local_auth.one_time_tokens set failed_attempts = failed_attempts + 1
     where used_at is null and expires_at > $2
       and user_id = (select id from local_auth.users where email = $1)`,
    [email, now],
  )
}
