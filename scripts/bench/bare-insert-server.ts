// The backend's baseline: a plain Node `http` server that stores each posted lead with the same
// single INSERT into the same migrated table, through the same driver (node-postgres with
// DATABASE_URL, else PGlite in PGLITE_DATA_DIR), and nothing else: no validation, no rate
// limits, no CORS. `node --import tsx scripts/bench/bare-insert-server.ts`, with PORT.
import { createServer } from 'node:http'
import { createPostgresDatabase } from '#shared/db/postgres-database.ts'
import { openPgliteDatabase } from '../../server/database.ts'
import { runMigrations } from '../../server/migrate.ts'
import { bareInsert } from './bare-insert.ts'

const url = process.env.DATABASE_URL
const db = url ? createPostgresDatabase(url) : await openPgliteDatabase(process.env.PGLITE_DATA_DIR)
await runMigrations(db)

const server = createServer(async (request, response) => {
  if (request.method !== 'POST') return response.writeHead(200).end('ok')
  try {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const lead = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    const [row] = await db.query<{ id: string }>(bareInsert, [
      lead.firstName,
      lead.lastName,
      lead.companyName,
      lead.companySize,
      lead.source,
      lead.pageUrl,
      request.headers['user-agent'] ?? null,
      request.headers['idempotency-key'] ?? null,
    ])
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ success: true, requestId: row?.id }))
  } catch (error) {
    response
      .writeHead(500, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: String(error) }))
  }
})
server.keepAliveTimeout = 65_000
server.listen(Number(process.env.PORT), '127.0.0.1')

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.closeAllConnections()
    server.close(() => db.close().finally(() => process.exit(0)))
  })
}
