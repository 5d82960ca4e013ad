import type { SqlDatabase } from '#shared/db/sql-database.ts'

/** A row of local_auth.users. */
export interface AuthUserRow {
  id: string
  email: string
  invited_at: Date | null
  email_confirmed_at: Date | null
  last_sign_in_at: Date | null
  user_metadata: Record<string, unknown>
  created_at: Date
  updated_at: Date
}

const columns =
  'id, email, invited_at, email_confirmed_at, last_sign_in_at, user_metadata, created_at, updated_at'

/** Emails are compared as Supabase Auth compares them: trimmed and in lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase()

export async function findUserByEmail(db: SqlDatabase, email: string) {
  const [row] = await db.query<AuthUserRow>(
    `select ${columns} from local_auth.users where email = $1`,
    [normalEmail(email)],
  )
  return row ?? null
}

export async function findUserById(db: SqlDatabase, id: string) {
  const [row] = await db.query<AuthUserRow>(
    `select ${columns} from local_auth.users where id = $1`,
    [id],
  )
  return row ?? null
}

/** Adds an invited person, or returns them if the address is known already. */
export async function inviteUser(
  db: SqlDatabase,
  email: string,
  metadata: Record<string, unknown>,
  now: Date,
): Promise<AuthUserRow> {
  await db.query(
    `insert into local_auth.users (id, email, invited_at, user_metadata, created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, $3, $3)
     on conflict (email) do nothing`,
    [crypto.randomUUID(), normalEmail(email), now, JSON.stringify(metadata)],
  )
  const user = await findUserByEmail(db, email)
  if (!user) throw new Error(`The invited user ${email} was not stored`)
  return user
}

/** Marks the address confirmed (a link or code from it came back) and the sign-in's time. */
export async function recordSignIn(db: SqlDatabase, id: string, now: Date) {
  await db.query(
    `update local_auth.users
     set email_confirmed_at = coalesce(email_confirmed_at, $2), last_sign_in_at = $2, updated_at = $2
     where id = $1`,
    [id, now],
  )
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : undefined)

/** The user object of Supabase Auth's replies (models.User), as supabase-js reads it. */
export function userJson(row: AuthUserRow) {
  return {
    id: row.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: row.email,
    email_confirmed_at: iso(row.email_confirmed_at),
    invited_at: iso(row.invited_at),
    phone: '',
    confirmed_at: iso(row.email_confirmed_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: row.user_metadata,
    identities: [],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    is_anonymous: false,
  }
}
