import type { ServerRequest } from 'srvx'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { authHandler } from './auth-routes.ts'
import { createLocalAuth } from './local-auth.ts'
import { localOwnerLink } from './local-owner.ts'

/**
 * The local auth as the local server serves it at `/auth/v1/`, on its database, with links to
 * `siteUrl` (read once the server listens) and sign-in links for `ownerEmail`.
 */
export async function serveLocalAuth(db: SqlDatabase, siteUrl: () => string, ownerEmail: string) {
  const auth = await createLocalAuth({ db, siteUrl })
  const handle = authHandler(auth)
  return {
    auth,
    /** Its answer to a request, as srvx serves it: the socket's address is the client's. */
    fetch: (request: ServerRequest) => handle(request, { clientAddress: request.ip ?? null }),
    /** A fresh one-time sign-in link for the local owner, made an owner where missing. */
    ownerLink: () => localOwnerLink(auth, db, ownerEmail),
  }
}
