// Thousands of submissions against `npm start` on PostgreSQL 15, from many clients at once, a
// quarter of them sent again with the same key, some of those at the same instant: afterwards
// the table holds exactly one row per accepted key, and every answer for a key names that row.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { systemEnv } from '../../scripts/system-env.ts'
import { freePort } from '../support/free-port.ts'
import { postJson } from '../support/post-json.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { serverEntry } from '../support/server-entries.ts'
import { type ServerProcess, startServerProcess } from '../support/start-server-process.ts'
import { openTestPostgres, postgresBin, type TestDatabase } from '../support/test-database.ts'

const root = new URL('../../', import.meta.url).pathname
const leads = Number(process.env.LOAD_LEADS || 2000)
const concurrency = 40

let database: TestDatabase
let server: ServerProcess

beforeAll(async () => {
  if (postgresBin === null) return
  database = await openTestPostgres()
  const port = await freePort()
  server = await startServerProcess({
    command: process.execPath,
    args: await serverEntry('server/start.ts'),
    cwd: root,
    env: {
      ...systemEnv(),
      SKIP_BUILD: '1',
      PORT: String(port),
      DATABASE_URL: database.cluster?.url ?? '',
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_GLOBAL_MAX: '1000000',
      // Scripted posts, without the widget's proof of work.
      POW_MAX_BITS: '0',
    },
    url: `http://127.0.0.1:${port}`,
  })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await database?.close()
})

async function submit(key: string) {
  const reply = await postJson(
    `${server.url}/functions/v1/send-demo-request`,
    { ...sampleLead, firstName: `Lead ${key}` },
    { 'idempotency-key': key },
  )
  const body = JSON.parse(reply.body) as { requestId?: string }
  return { key, status: reply.status, requestId: body.requestId }
}

it.skipIf(postgresBin === null)(
  `stores ${leads} leads exactly once under ${concurrency} clients, a quarter retried`,
  async () => {
    // Every fourth lead is sent twice: every eighth at the same instant, the others later.
    const work: (() => Promise<Awaited<ReturnType<typeof submit>>[]>)[] = []
    for (let n = 0; n < leads; n++) {
      const key = `load-${n}`
      if (n % 8 === 0) work.push(() => Promise.all([submit(key), submit(key)]))
      else work.push(() => Promise.all([submit(key)]))
      if (n % 8 === 4) work.push(() => Promise.all([submit(key)]))
    }
    const answers: Awaited<ReturnType<typeof submit>>[] = []
    let next = 0
    const client = async () => {
      while (next < work.length) {
        const job = work[next++]
        if (job) answers.push(...(await job()))
      }
    }
    await Promise.all(Array.from({ length: concurrency }, client))

    const accepted = answers.filter((answer) => answer.status === 200)
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([])
    const idsByKey = new Map<string, Set<string | undefined>>()
    for (const { key, requestId } of accepted) {
      idsByKey.set(key, (idsByKey.get(key) ?? new Set()).add(requestId))
    }
    const rows = await database.db.query<{ key: string; id: string }>(
      'select idempotency_key as key, id from public.demo_requests',
    )
    expect(rows).toHaveLength(idsByKey.size)
    for (const { key, id } of rows) expect([...(idsByKey.get(key) ?? [])]).toEqual([id])
    console.info(
      `${answers.length} submissions (${answers.length - leads} repeats) from ${concurrency} ` +
        `clients: ${accepted.length} answered 200, ${rows.length} rows, one per accepted key`,
    )
  },
  300_000,
)
