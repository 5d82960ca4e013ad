import type { SqlDatabase } from '#shared/db/sql-database.ts'
import {
  codeHash,
  emailCode,
  newLinkToken,
  readLinkToken,
  sameHash,
  storedHash,
} from './auth-crypto.ts'

/** What a one-time token was sent for; a `magiclink` signs in, an `invite` accepts an invite. */
export type OneTimeKind = 'magiclink' | 'invite'

/** Supabase Auth's default lifetime of an emailed link or code (GOTRUE_MAILER_OTP_EXP). */
const oneTimeTokenSeconds = 3600

// Six digits are a million guesses: after this many wrong ones, by code or by a link's verifier,
// the token is spent, where Supabase Auth relies on its rate limits on /verify alone.
const maxFailedAttempts = 5

/** A token as it is sent: the link's `token_hash` and the code, two keys to one token. */
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
  const link = newLinkToken()
  const expiresAt = new Date(now.getTime() + oneTimeTokenSeconds * 1000)
  await db.transaction(async (tx) => {
    await tx.query(
      'delete from local_auth.one_time_tokens where user_id = $1 and (used_at is null or expires_at < $2)',
      [user.id, now],
    )
    await tx.query(
      `insert into local_auth.one_time_tokens
         (selector, user_id, kind, verifier_hash, code_hash, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        link.selector,
        user.id,
        kind,
        storedHash(link.verifier),
        codeHash(link.selector, code),
        now,
        expiresAt,
      ],
    )
  })
  return { tokenHash: link.tokenHash, code, expiresAt }
}

/** When the person's newest token was issued, for the resend interval; null if never. */
export async function lastIssuedAt(db: SqlDatabase, userId: string): Promise<Date | null> {
  const [row] = await db.query<{ at: Date | null }>(
    'select max(created_at) as at from local_auth.one_time_tokens where user_id = $1',
    [userId],
  )
  return row?.at ? new Date(row.at) : null
}

type LiveToken = { selector: string; user_id: string; kind: OneTimeKind; hash: string }

/** A spent token's user and kind, or null when it was refused. */
export type Spent = { userId: string; kind: OneTimeKind } | null

// Spends the live token `find` locks if `matches` says its hash fits, else counts a failure
// against it; the row lock makes it single use under concurrency.
function spend(
  db: SqlDatabase,
  find: { where: string; params: unknown[]; hash: 'verifier_hash' | 'code_hash' },
  kinds: readonly OneTimeKind[],
  now: Date,
  matches: (token: LiveToken) => boolean,
): Promise<Spent> {
  return db.transaction(async (tx) => {
    const n = find.params.length
    const [token] = await tx.query<LiveToken>(
      `select selector, user_id, kind, ${find.hash} as hash from local_auth.one_time_tokens
       where ${find.where} and used_at is null and expires_at > $${n + 1}
         and failed_attempts < $${n + 2} and kind = any($${n + 3}::text[])
       order by created_at desc limit 1
       for update`,
      [...find.params, now, maxFailedAttempts, [...kinds]],
    )
    if (!token) return null
    if (!matches(token)) {
      await tx.query(
        'update local_auth.one_time_tokens set failed_attempts = failed_attempts + 1 where selector = $1',
        [token.selector],
      )
      return null
    }
    await tx.query('update local_auth.one_time_tokens set used_at = $2 where selector = $1', [
      token.selector,
      now,
    ])
    return { userId: token.user_id, kind: token.kind }
  })
}

/**
 * Spends the live token a link's `token_hash` names, of one of `kinds`. Null when it is unknown,
 * used, expired, spent by wrong guesses or of another kind; a wrong verifier for a live
 * token's selector counts as a wrong code.
 */
export async function spendLink(
  db: SqlDatabase,
  tokenHash: string,
  kinds: readonly OneTimeKind[],
  now: Date,
): Promise<Spent> {
  const link = readLinkToken(tokenHash)
  if (!link) return null
  return spend(
    db,
    { where: 'selector = $1', params: [link.selector], hash: 'verifier_hash' },
    kinds,
    now,
    (token) => sameHash(token.hash, storedHash(link.verifier)),
  )
}

/** Spends the address's live token of one of `kinds` if `code` is its code; a wrong one counts. */
export async function spendCode(
  db: SqlDatabase,
  email: string,
  code: string,
  kinds: readonly OneTimeKind[],
  now: Date,
): Promise<Spent> {
  return spend(
    db,
    {
      where: 'user_id = (select id from local_auth.users where email = $1)',
      params: [email],
      hash: 'code_hash',
    },
    kinds,
    now,
    (token) => sameHash(token.hash, codeHash(token.selector, code)),
  )
}
