// The local auth's SQL on PostgreSQL 15, as `npm start` runs it with DATABASE_URL: single-use
// links and codes, rotation and reuse of refresh tokens, sign-out, invite and removal. The same
// through supabase-js over PGlite is local-auth.test.ts.
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  openTestPostgres,
  postgresBin,
  type TestDatabase,
} from '../../tests/support/test-database.ts'
import { createLocalAuth } from './local-auth.ts'
import { terminalMailer } from './terminal-mailer.ts'

let test: TestDatabase
beforeAll(async () => {
  if (postgresBin !== null) test = await openTestPostgres()
}, 60_000)
afterAll(() => test?.close())

const tokenHash = (link: string) => new URL(link).searchParams.get('token_hash') ?? ''

it.skipIf(postgresBin === null)('signs people in and out on PostgreSQL 15', async () => {
  const mailer = terminalMailer(() => {})
  const site = () => 'http://localhost:3000'
  // Ahead of the real clock by this much, past the minute between two emails to one address.
  let ahead = 0
  const now = () => new Date(Date.now() + ahead)
  const auth = await createLocalAuth({ db: test.db, siteUrl: site, mailer, now })
  const email = 'sales@firm.example'
  await auth.addUser(email)

  const link = await auth.signInLink(email)
  const session = await auth.verify({ type: 'magiclink', token_hash: tokenHash(link) })
  expect(session.user.email).toBe(email)
  await expect(
    auth.verify({ type: 'magiclink', token_hash: tokenHash(link) }),
  ).rejects.toMatchObject({ status: 403, code: 'otp_expired' })

  const next = await auth.refresh({ refresh_token: session.refresh_token })
  await expect(auth.refresh({ refresh_token: session.refresh_token })).rejects.toMatchObject({
    code: 'refresh_token_already_used',
  })
  await expect(auth.refresh({ refresh_token: next.refresh_token })).rejects.toMatchObject({
    code: 'refresh_token_not_found',
  })

  ahead = 61_000
  await auth.sendOtp({ email, create_user: false }, null)
  const code = mailer.sent.at(-1)?.code ?? ''
  const byCode = await auth.verify({ type: 'email', email, token: code })
  const bearer = `Bearer ${byCode.access_token}`
  expect((await auth.user(bearer)).email).toBe(email)
  await auth.logout(bearer, 'local')
  await expect(auth.user(bearer)).rejects.toMatchObject({ code: 'session_not_found' })

  const service = `Bearer ${auth.serviceRoleKey}`
  const invited = await auth.invite(service, { email: 'partner@agency.example' }, null)
  await auth.deleteUser(service, invited.id)
  await expect(auth.deleteUser(service, invited.id)).rejects.toMatchObject({ status: 404 })

  const again = await createLocalAuth({ db: test.db, siteUrl: site, mailer })
  expect(again.jwtSecret).toBe(auth.jwtSecret)
})
