// The console's production sign-in (supabase-js) against the local auth, served on a free port
// over PGlite: what supabase-js sends and reads, as on Supabase.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createClient, isAuthApiError } from '@supabase/supabase-js'
import { jwtVerify } from 'jose'
import type { NodeHttp1Handler } from 'srvx'
import { toNodeHandler } from 'srvx/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openTestPglite, type TestDatabase } from '../../tests/support/test-database.ts'
import { authHandler } from './auth-routes.ts'
import { createLocalAuth, type LocalAuth } from './local-auth.ts'
import { type AuthMail, terminalMailer } from './terminal-mailer.ts'

let database: TestDatabase
let server: Server
let url: string
let auth: LocalAuth
let printed: string[]
// The auth's clock runs this far ahead of the real one, for expiry.
let ahead = 0
const roomy = { perFiveMinutes: 1000, burst: 1000 }

beforeAll(async () => {
  database = await openTestPglite()
  printed = []
  // The site's address is read when a link is made, once the server listens.
  auth = await createLocalAuth({
    db: database.db,
    siteUrl: () => url,
    mailer: terminalMailer((line) => printed.push(line)),
    now: () => new Date(Date.now() + ahead),
    // This file signs in many times from one address; local-auth-doors.test.ts tries the limits.
    limits: { otp: roomy, verify: roomy },
  })
  server = createServer(toNodeHandler(authHandler(auth)) as NodeHttp1Handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  await database?.close()
})

beforeEach(() => {
  ahead = 0
})

// Node 20 has no WebSocket for supabase-js's realtime client, which sign-in never uses: one
// that refuses to connect makes any use of it fail the test rather than pass unnoticed.
class NoRealtime {
  constructor() {
    throw new Error('The sign-in opened a realtime connection')
  }
}

// A browser tab's client as the console makes it, but keeping its session in memory.
const client = (key = 'anon-key') =>
  createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  })

let people = 0
// A person invited afresh, so no test meets another's tokens or resend interval.
async function invited() {
  const email = `person-${++people}@firm.example`
  await auth.addUser(email)
  return email
}

function lastMailTo(email: string): AuthMail {
  const mail = auth.mailer.sent.findLast((sent) => sent.email === email)
  if (!mail) throw new Error(`Nothing was sent to ${email}`)
  return mail
}

async function signedIn(email: string) {
  const supabase = client()
  const sent = await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
  expect(sent.error).toBeNull()
  const { data, error } = await supabase.auth.verifyOtp({
    token_hash: new URL(lastMailTo(email).link).searchParams.get('token_hash') ?? '',
    type: 'magiclink',
  })
  expect(error).toBeNull()
  if (!data.session) throw new Error('No session')
  return { supabase, session: data.session }
}

describe('signing in with supabase-js', () => {
  it('mails an invited person a link and a code, and the code gives a session', async () => {
    const email = await invited()
    const supabase = client()
    const sent = await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
    expect(sent.error).toBeNull()
    const mail = lastMailTo(email)
    expect(mail.kind).toBe('magiclink')
    expect(mail.code).toMatch(/^\d{6}$/)
    const link = new URL(mail.link)
    expect(`${link.origin}${link.pathname}`).toBe(`${url}/console`)
    expect(link.searchParams.get('type')).toBe('magiclink')
    expect(printed.at(-1)).toContain(mail.link)
    expect(printed.at(-1)).toContain(mail.code)

    const { data, error } = await supabase.auth.verifyOtp({
      email,
      token: mail.code,
      type: 'email',
    })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(email)
    expect(data.session?.expires_in).toBe(3600)
    const user = await supabase.auth.getUser()
    expect(user.error).toBeNull()
    expect(user.data.user?.email).toBe(email)
    expect(user.data.user?.email_confirmed_at).toBeTruthy()
  })

  it('refuses a person not invited with Supabase Auth error for sign-ups not allowed', async () => {
    const { error } = await client().auth.signInWithOtp({
      email: 'stranger@elsewhere.example',
      options: { shouldCreateUser: false },
    })
    expect(isAuthApiError(error)).toBe(true)
    expect(error).toMatchObject({
      status: 422,
      code: 'otp_disabled',
      message: 'Signups not allowed for otp',
    })
    const signUp = await client().auth.signInWithOtp({ email: 'stranger@elsewhere.example' })
    expect(signUp.error).toMatchObject({ status: 422, code: 'signup_disabled' })
    expect(auth.mailer.sent.some((mail) => mail.email === 'stranger@elsewhere.example')).toBe(false)
  })

  it('asks a person to wait a minute before the next email, as Supabase Auth does', async () => {
    const email = await invited()
    expect((await client().auth.signInWithOtp({ email })).error).toBeNull()
    const again = await client().auth.signInWithOtp({ email })
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
    ahead = 61_000
    expect((await client().auth.signInWithOtp({ email })).error).toBeNull()
  })

  it('takes a link once: a used token_hash is refused', async () => {
    const { supabase } = await signedIn(await invited())
    const email = (await supabase.auth.getUser()).data.user?.email ?? ''
    const tokenHash = new URL(lastMailTo(email).link).searchParams.get('token_hash') ?? ''
    const again = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' })
    expect(again.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    })
  })

  it('refuses an expired link and code, and only the newest link works', async () => {
    const email = await invited()
    const first = await auth.signInLink(email)
    const second = await auth.signInLink(email)
    const tokenHash = (link: string) => new URL(link).searchParams.get('token_hash') ?? ''
    const replaced = await client().auth.verifyOtp({
      token_hash: tokenHash(first),
      type: 'magiclink',
    })
    expect(replaced.error).toMatchObject({ status: 403, code: 'otp_expired' })
    ahead = 3601_000
    const late = await client().auth.verifyOtp({ token_hash: tokenHash(second), type: 'magiclink' })
    expect(late.error).toMatchObject({ status: 403, code: 'otp_expired' })
    expect((await client().auth.signInWithOtp({ email })).error).toBeNull()
    const { code } = lastMailTo(email)
    ahead += 3601_000
    const lateCode = await client().auth.verifyOtp({ email, token: code, type: 'email' })
    expect(lateCode.error).toMatchObject({
      status: 403,
      message: 'Token has expired or is invalid',
    })
  })

  it('spends the code after five wrong guesses', async () => {
    const email = await invited()
    expect((await client().auth.signInWithOtp({ email })).error).toBeNull()
    const { code } = lastMailTo(email)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    for (let guess = 0; guess < 5; guess++) {
      const { error } = await client().auth.verifyOtp({ email, token: wrong, type: 'email' })
      expect(error).toMatchObject({ status: 403, code: 'otp_expired' })
    }
    const right = await client().auth.verifyOtp({ email, token: code, type: 'email' })
    expect(right.error).toMatchObject({ status: 403, code: 'otp_expired' })
  })

  it('rotates the refresh token, and a reused one ends the session', async () => {
    const { supabase, session } = await signedIn(await invited())
    const refreshed = await supabase.auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refreshed.error).toBeNull()
    const next = refreshed.data.session
    expect(next?.refresh_token).toBeTruthy()
    expect(next?.refresh_token).not.toBe(session.refresh_token)
    expect(next?.access_token).toBeTruthy()

    const reused = await client().auth.refreshSession({ refresh_token: session.refresh_token })
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' })
    // The loose copy ended the whole session: the newer token and its access token go too.
    const after = await client().auth.refreshSession({ refresh_token: next?.refresh_token ?? '' })
    expect(after.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    const user = await client().auth.getUser(next?.access_token)
    expect(user.error?.name).toBe('AuthSessionMissingError')
  })

  it('signs out: the access token no longer reads the user, the refresh token is gone', async () => {
    const { supabase, session } = await signedIn(await invited())
    expect((await supabase.auth.signOut()).error).toBeNull()
    const user = await client().auth.getUser(session.access_token)
    expect(user.error?.name).toBe('AuthSessionMissingError')
    const refreshed = await client().auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
  })

  it('signs access tokens with the secret it keeps, with Supabase claims', async () => {
    const email = await invited()
    const { session } = await signedIn(email)
    const [row] = await database.db.query<{ value: string }>(
      "select value from local_auth.secrets where name = 'jwt_secret'",
    )
    const secret = new TextEncoder().encode(row?.value)
    const { payload, protectedHeader } = await jwtVerify(session.access_token, secret, {
      issuer: `${url}/auth/v1`,
      audience: 'authenticated',
    })
    expect(protectedHeader.alg).toBe('HS256')
    expect(payload).toMatchObject({
      sub: session.user.id,
      email,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'magiclink' }],
    })
    expect(payload.session_id).toMatch(/^[0-9a-f-]{36}$/)
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600)
    expect(auth.jwtSecret).toBe(row?.value)
    // Kept: the same secret after the auth is made again on the same database, as after a restart.
    const again = await createLocalAuth({
      db: database.db,
      siteUrl: () => url,
      mailer: terminalMailer(() => {}),
    })
    expect(again.jwtSecret).toBe(auth.jwtSecret)
  })

  it('refuses a token signed with another key, and an expired one', async () => {
    const { session } = await signedIn(await invited())
    const [head, body] = session.access_token.split('.')
    const forged = `${head}.${body}.${'A'.repeat(43)}`
    const { error } = await client().auth.getUser(forged)
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' })
    expect((await client().auth.getUser(session.access_token)).error).toBeNull()
    ahead = 3601_000
    const expired = await client().auth.getUser(session.access_token)
    expect(expired.error).toMatchObject({ status: 403, code: 'bad_jwt' })
    expect(expired.error?.message).toMatch(/token is expired/)
  })
})

describe('invitations and removal with the service key', () => {
  it('invites a person, whose invitation link signs them in', async () => {
    const email = `invitee-${Date.now()}@firm.example`
    const admin = client(auth.serviceRoleKey)
    const { data, error } = await admin.auth.admin.inviteUserByEmail(email)
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    const mail = lastMailTo(email)
    expect(mail.kind).toBe('invite')
    const tokenHash = new URL(mail.link).searchParams.get('token_hash') ?? ''
    expect(new URL(mail.link).searchParams.get('type')).toBe('invite')
    const signIn = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'invite' })
    expect(signIn.error).toBeNull()
    expect(signIn.data.user?.id).toBe(data.user?.id)
    const twice = await admin.auth.admin.inviteUserByEmail(email)
    expect(twice.error).toMatchObject({ status: 422, code: 'email_exists' })
  })

  it('refuses an invitation or a removal without the service key', async () => {
    const { session } = await signedIn(await invited())
    const asStaff = client(session.access_token)
    const invite = await asStaff.auth.admin.inviteUserByEmail('someone@firm.example')
    expect(invite.error).toMatchObject({ status: 403, code: 'not_admin' })
    const remove = await asStaff.auth.admin.deleteUser(session.user.id)
    expect(remove.error).toMatchObject({ status: 403, code: 'not_admin' })
  })

  it("removes a person: their session's token is refused, they cannot sign in", async () => {
    const email = await invited()
    const { session } = await signedIn(email)
    const removed = await client(auth.serviceRoleKey).auth.admin.deleteUser(session.user.id)
    expect(removed.error).toBeNull()
    const user = await client().auth.getUser(session.access_token)
    expect(user.error).toMatchObject({ status: 403, code: 'user_not_found' })
    ahead = 61_000
    const again = await client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
    expect(again.error).toMatchObject({ code: 'otp_disabled' })
    const missing = await client(auth.serviceRoleKey).auth.admin.deleteUser(session.user.id)
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' })
  })
})

describe('what else supabase-js reads', () => {
  it('answers the settings, and names the rule for what it does not serve', async () => {
    const settings = await fetch(`${url}/auth/v1/settings`)
    expect(await settings.json()).toMatchObject({ disable_signup: true, external: { email: true } })
    const unknown = await fetch(`${url}/auth/v1/signup`, { method: 'POST', body: '{}' })
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).message).toMatch(/no \/auth\/v1\/signup/)
    const badJson = await fetch(`${url}/auth/v1/otp`, { method: 'POST', body: '{' })
    expect(badJson.status).toBe(400)
    expect(await badJson.json()).toMatchObject({ code: 'bad_json' })
    const grant = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      body: '{}',
    })
    expect(await grant.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    })
  })
})
