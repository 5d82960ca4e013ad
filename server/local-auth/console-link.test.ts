// `npm start` as a person runs it: the console link it prints signs the local owner in once and
// only once, and `npm run console:link` asks the running server for a fresh one.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from '../../tests/support/free-port.ts'
import { newPgliteFolder } from '../../tests/support/pglite-folder.ts'
import { type ServerProcess, startServerProcess } from '../../tests/support/start-server-process.ts'
import { waitUntil } from '../../tests/support/wait-until.ts'
import { readBackendConfig } from '../config.ts'
import { openDatabase } from '../database.ts'

const root = new URL('../../', import.meta.url).pathname
const owner = 'partner-in-charge@firm.example'
const linkPattern = /http:\/\/localhost:\d+\/console\?token_hash=[0-9a-f]+&type=magiclink/g

let folder: string
let port: number
let server: ServerProcess | undefined
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'demo-request-console-link-'))
  await newPgliteFolder(join(folder, 'pglite'))
  port = await freePort()
  env = {
    ...process.env,
    SKIP_BUILD: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    PGLITE_DATA_DIR: join(folder, 'pglite'),
    LOCAL_OWNER_EMAIL: owner,
  }
  // No build in dist/: the local auth's settings answer once the server listens.
  server = await startServerProcess({
    command: process.execPath,
    args: ['--import', 'tsx', 'server/start.ts'],
    cwd: root,
    env,
    url: `http://127.0.0.1:${port}/auth/v1/settings`,
    ready: (response) => response.ok,
  })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await rm(folder, { recursive: true, force: true })
})

class NoRealtime {
  constructor() {
    throw new Error('The sign-in opened a realtime connection')
  }
}

const verify = (link: string) =>
  createClient(`http://127.0.0.1:${port}`, 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  }).auth.verifyOtp({
    token_hash: new URL(link).searchParams.get('token_hash') ?? '',
    type: 'magiclink',
  })

it('prints a link for the local owner that signs in once and only once', async () => {
  const link = await waitUntil(() => server?.output().match(linkPattern)?.[0], {
    what: 'the console link in the output of npm start',
  })
  expect(new URL(link).port).toBe(String(port))
  expect(server?.output()).toContain(`Sign in to the console as ${owner}`)
  const first = await verify(link)
  expect(first.error).toBeNull()
  expect(first.data.session?.user.email).toBe(owner)
  const second = await verify(link)
  expect(second.error).toMatchObject({ status: 403, code: 'otp_expired' })

  // A fresh link from the running server, through the data folder's lock.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/console-link.ts'],
    { cwd: root, env },
  )
  const fresh = stdout.match(linkPattern)?.[0] ?? ''
  expect(fresh).not.toBe('')
  expect(fresh).not.toBe(link)
  expect((await verify(fresh)).data.session?.user.email).toBe(owner)

  // The owner is on the staff as `owner`, once, however many links were made.
  await server?.stop()
  server = undefined
  const database = await openDatabase({ ...readBackendConfig(env), port: 0 })
  try {
    const staff = await database.sql.query('select email, role from public.console_staff')
    expect(staff).toEqual([{ email: owner, role: 'owner' }])
  } finally {
    await database.close()
  }
}, 60_000)
