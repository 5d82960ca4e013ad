import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addConsoleStaff,
  consoleJwtSecret,
  consoleStaff,
  staffToken,
} from '../../../tests/support/console-staff.ts'
import { consoleEntry, runDeno, startDenoEntry } from '../../../tests/support/deno-function.ts'
import type { ServerProcess } from '../../../tests/support/start-server-process.ts'
import {
  openTestPostgres,
  postgresBin,
  type TestDatabase,
} from '../../../tests/support/test-database.ts'

// The console's real entry file under the real Deno, as Supabase would run it.

describe("the console's Deno entry", () => {
  it('passes deno check', async () => {
    await expect(
      runDeno(['check', '--config', consoleEntry.config, consoleEntry.entry]),
    ).resolves.toBeDefined()
  }, 120_000)
})

describe.skipIf(postgresBin === null)("the console's Deno entry on PostgreSQL 15", () => {
  let test: TestDatabase
  let deno: ServerProcess
  const origin = 'https://site.example'

  beforeAll(async () => {
    test = await openTestPostgres()
    await addConsoleStaff(test.db)
    deno = await startDenoEntry(
      {
        DATABASE_URL: test.cluster?.url,
        AUTH_JWT_SECRET: consoleJwtSecret,
        ALLOWED_ORIGINS: origin,
      },
      { method: 'OPTIONS', headers: { origin } },
      consoleEntry,
    )
  }, 120_000)
  afterAll(async () => {
    await deno?.stop()
    await test?.close()
  })

  const me = (token: string) =>
    fetch(`${deno.url}/console/me`, { headers: { origin, authorization: `Bearer ${token}` } })

  it('answers a preflight without a token, for the allowed site alone', async () => {
    const preflight = await fetch(`${deno.url}/console/leads`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'PATCH' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH')
    const elsewhere = await fetch(`${deno.url}/console/me`, {
      headers: { origin: 'https://evil.example' },
    })
    expect(elsewhere.status).toBe(403)
    expect((await elsewhere.json()).error.message).toContain('ALLOWED_ORIGINS')
  })

  it('checks a signed token with jose under Deno, and runs as the person', async () => {
    const reply = await me(await staffToken('owner'))
    expect(reply.status).toBe(200)
    expect(await reply.json()).toMatchObject({ userId: consoleStaff.owner.userId, role: 'owner' })
    const forged = await me(await staffToken('owner', { secret: 'x'.repeat(40) }))
    expect(forged.status).toBe(401)
  })
})
