// The console link `npm start` prints (server.consoleLink()) signs the local owner in once and
// only once, and `npm run console:link` gets a fresh one from the running server.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { migratedPgliteFolder } from '../../tests/support/pglite-folder.ts'
import { scratchFolder } from '../../tests/support/scratch-folder.ts'
import { readBackendConfig } from '../config.ts'
import { openDatabase } from '../database.ts'
import { runCommand } from '../local-commands.ts'
import { type LocalServer, startLocalServer } from '../local-server.ts'

const owner = 'partner-in-charge@firm.example'
const linkPattern = /http:\/\/localhost:(\d+)\/console\?token_hash=[0-9a-f]+&type=magiclink/

let folder: string
let server: LocalServer | undefined
const config = () => ({
  ...readBackendConfig({ LOCAL_OWNER_EMAIL: owner }),
  dataDir: join(folder, 'pglite'),
  distDir: join(folder, 'dist'),
  port: 0,
})

beforeAll(async () => {
  folder = await scratchFolder('demo-request-console-link-')
  await migratedPgliteFolder(config().dataDir)
  server = await startLocalServer(config())
}, 60_000)

afterAll(async () => {
  await server?.close()
  await rm(folder, { recursive: true, force: true })
})

class NoRealtime {
  constructor() {
    throw new Error('The sign-in opened a realtime connection')
  }
}

const verify = (link: string) =>
  createClient(server?.url ?? '', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  }).auth.verifyOtp({
    token_hash: new URL(link).searchParams.get('token_hash') ?? '',
    type: 'magiclink',
  })

it('gives the local owner a link that signs in once and only once', async () => {
  const link = (await server?.consoleLink()) ?? ''
  expect(link).toMatch(linkPattern)
  expect(new URL(link).origin).toBe(server?.url)
  const first = await verify(link)
  expect(first.error).toBeNull()
  expect(first.data.session?.user.email).toBe(owner)
  const second = await verify(link)
  expect(second.error).toMatchObject({ status: 403, code: 'otp_expired' })

  // From another process's command, through the data folder's lock, to the port bound.
  const { output, exitCode } = await runCommand(config(), 'console-link', {})
  expect(exitCode).toBe(0)
  expect(output).toContain(`Sign in to the console as ${owner}`)
  const fresh = linkPattern.exec(output)?.[0] ?? ''
  expect(new URL(fresh).origin).toBe(server?.url)
  expect((await verify(fresh)).data.session?.user.email).toBe(owner)

  // The owner is on the staff as `owner`, once, however many links were made.
  await server?.close()
  server = undefined
  const database = await openDatabase(config())
  try {
    const staff = await database.db.query('select email, role from public.console_staff')
    expect(staff).toEqual([{ email: owner, role: 'owner' }])
  } finally {
    await database.close()
  }
})
