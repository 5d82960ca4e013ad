// `npm run leads [-- --csv] [-- --limit N]`: prints the stored demo requests, newest first.
import { parseArgs } from 'node:util'
import { readBackendConfig } from './backend-config.ts'
import { openCommandBackend } from './command-backend.ts'
import { leadsCsv, leadsTable } from './leads-format.ts'

const { values } = parseArgs({
  options: { csv: { type: 'boolean', default: false }, limit: { type: 'string', default: '1000' } },
})
const limit = Number(values.limit)
if (!Number.isInteger(limit) || limit < 1) {
  console.error('--limit must be a positive whole number')
  process.exit(2)
}

const backend = await openCommandBackend(readBackendConfig())
try {
  const leads = await backend.list(limit)
  process.stdout.write(values.csv ? leadsCsv(leads) : `${leadsTable(leads)}\n`)
} finally {
  await backend.close()
}
