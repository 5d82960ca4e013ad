import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { type BackendConfig, localOrigin } from '../config.ts'
import type { CommandResult } from '../data-dir-lock.ts'
import { createLocalAuth } from './local-auth.ts'
import { localOwnerLink } from './local-owner.ts'
import { terminalMailer } from './terminal-mailer.ts'

/** What `npm start` and `npm run console:link` print: the link and what it is for. */
export const consoleLinkLines = (email: string, link: string) =>
  `Sign in to the console as ${email} (the link works once, within an hour):\n  ${link}\n`

/**
 * `npm run console:link`: a fresh sign-in link for the local owner, made in whichever process
 * holds the database, for the server at the configured host and port.
 */
export async function consoleLinkCommand(
  db: SqlDatabase,
  config: BackendConfig,
): Promise<CommandResult> {
  const auth = await createLocalAuth({
    db,
    siteUrl: () => localOrigin(config.host, config.port),
    mailer: terminalMailer(() => {}),
  })
  const link = await localOwnerLink(auth, db, config.localOwnerEmail)
  return { output: consoleLinkLines(config.localOwnerEmail, link), exitCode: 0 }
}
