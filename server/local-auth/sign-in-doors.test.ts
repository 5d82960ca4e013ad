// The sign-in's side doors, shut on PGlite and PostgreSQL 15: a link that the email and the code
// would give away, codes guessed without end, requests without limit, and a token that still
// opens the console after its person signed out or was removed. The local auth is driven as
// `npm start` serves it (authHandler, createLocalAuth) and the console as both `npm start` and
// the function build it, on one clock the tests move.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConsoleHandler } from '#shared/console/console-handler.ts'
import { createTokenVerifier } from '#shared/console/sign-in/verify-token.ts'
import {
  addConsoleStaff,
  consoleHandlerOn,
  consoleRequest,
  consoleSessions,
  consoleStaff,
  endConsoleSession,
  recordingAuthAdmin,
  staffToken,
} from '../../tests/support/console-staff.ts'
import { type TestDatabase, testDatabases } from '../../tests/support/test-database.ts'
import { authHandler } from './auth-routes.ts'
import { createLocalAuth, type LocalAuth } from './local-auth.ts'
import { terminalMailer } from './terminal-mailer.ts'

const site = 'http://localhost:3000'
const tokenHashOf = (link: string) => new URL(link).searchParams.get('token_hash') ?? ''
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

// Shannon entropy in bits per character.
function entropy(text: string) {
  const counts = new Map<string, number>()
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1)
  return [...counts.values()].reduce(
    (sum, n) => sum - (n / text.length) * Math.log2(n / text.length),
    0,
  )
}

describe.each(testDatabases)('the sign-in on $name', ({ open, skip }) => {
  let test: TestDatabase
  let auth: LocalAuth
  let handle: ReturnType<typeof authHandler>
  // The one clock of the auth, its limits and the console: moved by the tests, never slept on.
  let clock = Date.now()
  const now = () => new Date(clock)
  const mailer = terminalMailer(() => {})
  let people = 0

  beforeAll(async () => {
    if (skip) return
    test = await open()
    auth = await createLocalAuth({ db: test.db, siteUrl: () => site, mailer, now })
    handle = authHandler(auth)
  }, 60_000)
  afterAll(() => test?.close())

  // A person invited afresh, past every earlier test's resend interval and per-address buckets.
  async function invited() {
    clock += 10 * 60_000
    const email = `person-${++people}@firm.example`
    await auth.addUser(email)
    return email
  }

  async function mailedTo(email: string) {
    await auth.sendOtp({ email, create_user: false }, null)
    const mail = mailer.sent.findLast((sent) => sent.email === email)
    if (!mail) throw new Error(`Nothing was sent to ${email}`)
    return { code: mail.code, tokenHash: tokenHashOf(mail.link) }
  }

  const post = (path: string, body: unknown, clientAddress = '203.0.113.7') =>
    handle(
      new Request(`${site}/auth/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      { clientAddress },
    )

  it.skipIf(skip)(
    "makes a link's token_hash of 256 random bits, not SHA-224 of the email and the code",
    async () => {
      const links: string[] = []
      for (let n = 0; n < 24; n++) {
        const email = await invited()
        const { code, tokenHash } = await mailedTo(email)
        expect(tokenHash).toMatch(/^[0-9a-f]{64}$/)
        const derived = createHash('sha224')
          .update(email + code)
          .digest('hex')
        expect(tokenHash).not.toBe(derived)
        // Nor does what the email and the code would give open anything.
        await expect(auth.verify({ type: 'magiclink', token_hash: derived })).rejects.toMatchObject(
          { status: 403, code: 'otp_expired' },
        )
        links.push(tokenHash)
      }
      expect(new Set(links).size).toBe(links.length)
      // 1,536 hex digits of random bits carry close to 4 bits each; a hash of a guessable input
      // would too, which the line above rules out: nothing here is a function of email and code.
      expect(entropy(links.join(''))).toBeGreaterThan(3.9)
    },
  )

  it.skipIf(skip)(
    'spends a code after five wrong ones: the right code sixth is refused, and its link',
    async () => {
      const email = await invited()
      const { code, tokenHash } = await mailedTo(email)
      for (let guess = 0; guess < 5; guess++) {
        await expect(
          auth.verify({ type: 'email', email, token: wrongCode(code) }),
        ).rejects.toMatchObject({ status: 403, code: 'otp_expired' })
      }
      await expect(auth.verify({ type: 'email', email, token: code })).rejects.toMatchObject({
        status: 403,
        code: 'otp_expired',
      })
      await expect(auth.verify({ type: 'magiclink', token_hash: tokenHash })).rejects.toMatchObject(
        { status: 403 },
      )
    },
  )

  it.skipIf(skip)(
    'spends a link after five wrong verifiers for its selector: the right link sixth is refused, and its code',
    async () => {
      const email = await invited()
      const { code, tokenHash } = await mailedTo(email)
      const flip = (digit: string) => (digit === '0' ? '1' : '0')
      for (let guess = 0; guess < 5; guess++) {
        const wrong = tokenHash.slice(0, -1) + flip(tokenHash.at(-1) ?? '')
        await expect(auth.verify({ type: 'magiclink', token_hash: wrong })).rejects.toMatchObject({
          status: 403,
          code: 'otp_expired',
        })
      }
      await expect(auth.verify({ type: 'magiclink', token_hash: tokenHash })).rejects.toMatchObject(
        { status: 403, code: 'otp_expired' },
      )
      await expect(auth.verify({ type: 'email', email, token: code })).rejects.toMatchObject({
        status: 403,
      })
      // A fresh code for the address works again: the count was the spent token's.
      clock += 61_000
      const fresh = await mailedTo(email)
      expect((await auth.verify({ type: 'email', email, token: fresh.code })).user.email).toBe(
        email,
      )
    },
  )

  it.skipIf(skip)(
    'limits /otp to one email per address a minute, with Retry-After, as Supabase Auth does',
    async () => {
      const email = await invited()
      expect((await post('otp', { email, create_user: false })).status).toBe(200)
      clock += 20_000
      const again = await post('otp', { email, create_user: false }, '198.51.100.9')
      expect(again.status).toBe(429)
      expect(again.headers.get('retry-after')).toBe('40')
      expect(await again.json()).toMatchObject({ code: 'over_email_send_rate_limit' })
      clock += 40_000
      expect((await post('otp', { email, create_user: false })).status).toBe(200)
    },
  )

  it.skipIf(skip)(
    'limits /otp and /verify per client address: 30 at once, then one every 10 s, with Retry-After',
    async () => {
      clock += 10 * 60_000
      for (const [path, body] of [
        ['otp', { email: 'stranger@elsewhere.example', create_user: false }],
        ['verify', { type: 'magiclink', token_hash: '0'.repeat(64) }],
      ] as const) {
        const address = path === 'otp' ? '192.0.2.10' : '2001:db8:1:2::10'
        for (let n = 0; n < 30; n++) {
          expect((await post(path, body, address)).status, `${path} ${n}`).not.toBe(429)
        }
        const refused = await post(path, body, address)
        expect(refused.status).toBe(429)
        expect(refused.headers.get('retry-after')).toBe('10')
        expect(await refused.json()).toEqual({
          code: 'over_request_rate_limit',
          message: 'Request rate limit reached',
        })
        // Another address of the same IPv6 /64 is the same client; another client is not held.
        if (path === 'verify') expect((await post(path, body, '2001:db8:1:2::99')).status).toBe(429)
        expect((await post(path, body, '192.0.2.99')).status).not.toBe(429)
        clock += 10_000
        expect((await post(path, body, address)).status).not.toBe(429)
        expect((await post(path, body, address)).status).toBe(429)
      }
    },
  )

  describe('sign-out and removal end access to the console at once', () => {
    // The console as `npm start` wires it: tokens checked with the local auth's secret.
    const localConsole = () =>
      createConsoleHandler({
        db: test.db,
        verify: createTokenVerifier({ jwtSecret: auth.jwtSecret, url: null }),
        authAdmin: null,
        allowedOrigins: [],
        salesTimeZone: 'UTC',
        now,
        log: () => {},
      })

    async function localStaff() {
      const email = await invited()
      const user = await auth.addUser(email)
      await test.db.query(
        "insert into public.console_staff (user_id, email, role) values ($1, $2, 'sales')",
        [user.id, email],
      )
      const link = await auth.signInLink(email)
      const session = await auth.verify({ type: 'magiclink', token_hash: tokenHashOf(link) })
      return { user, session }
    }

    it.skipIf(skip)('on npm start: a signed-out token gets 401 from the console', async () => {
      const consoleApi = localConsole()
      const { session } = await localStaff()
      const token = session.access_token
      expect((await consoleApi(consoleRequest('me', token))).status).toBe(200)
      const out = await handle(
        new Request(`${site}/auth/v1/logout?scope=local`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        }),
      )
      expect(out.status).toBe(204)
      // Not a second later: the clock has not moved, and the token is far from expiry.
      const after = await consoleApi(consoleRequest('me', token))
      expect(after.status).toBe(401)
      expect((await after.json()).error.message).toContain('signed out')
    })

    it.skipIf(skip)("on npm start: a removed person's token gets 401", async () => {
      const consoleApi = localConsole()
      const { user, session } = await localStaff()
      expect((await consoleApi(consoleRequest('me', session.access_token))).status).toBe(200)
      // As the console's People removes them: off the staff, then deleted from Auth.
      await test.db.query('delete from public.console_staff where user_id = $1', [user.id])
      expect((await consoleApi(consoleRequest('me', session.access_token))).status).toBe(401)
      await auth.deleteUser(`Bearer ${auth.serviceRoleKey}`, user.id)
      const left = await test.db.query('select 1 from auth.sessions where user_id = $1', [user.id])
      expect(left).toEqual([])
    })

    it.skipIf(skip)(
      "on Supabase: a token whose session Auth deleted from auth.sessions gets 401, and a removed person's",
      async () => {
        await test.reset()
        await addConsoleStaff(test.db)
        const { admin } = recordingAuthAdmin()
        const consoleApi = consoleHandlerOn(test.db, admin)
        const sales = await staffToken('sales')
        expect((await consoleApi(consoleRequest('me', sales))).status).toBe(200)
        // Supabase Auth's POST /logout deletes the session's row; the token is an hour from expiry.
        await endConsoleSession(test.db, consoleSessions.sales)
        const after = await consoleApi(consoleRequest('me', sales))
        expect(after.status).toBe(401)
        expect((await after.json()).error.code).toBe('unauthenticated')
        // A token naming no session, or one never started, is refused alike.
        for (const sessionId of ['00000000-0000-4000-9000-0000000000ff', 'not-a-session']) {
          const other = await staffToken('sales', { sessionId })
          expect((await consoleApi(consoleRequest('me', other))).status, sessionId).toBe(401)
        }

        // Removed in People by the owner: their live session opens nothing any more.
        const marketing = await staffToken('marketing')
        expect((await consoleApi(consoleRequest('me', marketing))).status).toBe(200)
        const owner = await staffToken('owner')
        const removed = await consoleApi(
          consoleRequest(`staff/${consoleStaff.marketing.userId}`, owner, { method: 'DELETE' }),
        )
        expect(removed.status).toBe(200)
        const live = await test.db.query('select 1 from auth.sessions where id = $1', [
          consoleSessions.marketing,
        ])
        expect(live).toHaveLength(1)
        expect((await consoleApi(consoleRequest('me', marketing))).status).toBe(401)
        expect((await consoleApi(consoleRequest('leads', marketing))).status).toBe(401)
      },
    )
  })
})
