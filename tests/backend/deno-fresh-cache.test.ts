// A fresh machine: Deno has never fetched the function's npm packages, and its home is empty. On
// a network that inspects TLS with its own certificate authority in the system's store, as this
// test machine's does, the entry starts only if the child was handed the machine's certificate
// settings and Deno trusts that store (scripts/system-env.ts); with a warm cache it would start
// either way, which is how a fresh clone's failure once hid behind a machine that had run before.
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consoleEntry, startDenoEntry } from '../support/deno-function.ts'
import { scratchFolder } from '../support/scratch-folder.ts'
import type { ServerProcess } from '../support/start-server-process.ts'

describe.each([
  { name: 'send-demo-request', function_: undefined },
  { name: 'console', function_: consoleEntry },
])('the $name entry under a Deno with an empty cache and home', ({ function_ }) => {
  let folder: string
  let deno: ServerProcess

  beforeAll(async () => {
    folder = await scratchFolder('demo-request-fresh-deno-')
    const empty = { DENO_DIR: join(folder, 'deno'), HOME: join(folder, 'home') }
    deno = await startDenoEntry(empty, { method: 'OPTIONS' }, function_)
  }, 180_000)

  afterAll(async () => {
    await deno?.stop()
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  it('fetches its npm packages into that cache and answers', async () => {
    const reply = await fetch(deno.url, { method: 'OPTIONS' })
    expect(reply.status).toBeLessThan(500)
    expect(await readdir(join(folder, 'deno/npm/registry.npmjs.org'))).toContain('pg')
  })
})
