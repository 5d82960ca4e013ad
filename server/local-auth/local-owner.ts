import type { SqlDatabase } from '#shared/db/sql-database.ts'
import type { LocalAuth } from './local-auth.ts'

/**
 * A fresh one-time sign-in link to the console for the local owner: the person at the terminal
 * of `npm start`. They are made a user and an `owner` on the staff (public.console_staff, from
 * the console's migration) where missing; a role changed since is left as it is.
 */
export async function localOwnerLink(
  auth: LocalAuth,
  db: SqlDatabase,
  email: string,
): Promise<string> {
  const user = await auth.addUser(email)
  await db.query(
    `insert into public.console_staff (user_id, email, role) values ($1, $2, 'owner')
     on conflict do nothing`,
    [user.id, user.email],
  )
  return auth.signInLink(user.email)
}
