// `npm run leads [-- --csv] [-- --limit N | --all] [-- --status S]`: prints the stored demo
// requests, newest first; 1000 unless told otherwise, with a note on stderr when some were left
// out. `--status held` lists the leads held beyond the global limit, to find the people in a flood.
import { parseArgs } from 'node:util'
import { type NotificationStatus, notificationStatuses } from '#shared/lead/lead-store.ts'
import { readBackendConfig } from './config.ts'
import { runCommand } from './local-commands.ts'

const { values } = parseArgs({
  options: {
    csv: { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
    limit: { type: 'string', default: '1000' },
    status: { type: 'string' },
  },
})
const limit = Number(values.limit)
if (!Number.isInteger(limit) || limit < 1) {
  console.error('--limit must be a positive whole number')
  process.exit(2)
}

const status = values.status as NotificationStatus | undefined
if (status !== undefined && !notificationStatuses.includes(status)) {
  console.error(`--status must be one of ${notificationStatuses.join(', ')}`)
  process.exit(2)
}

const input = { csv: values.csv, limit: values.all ? null : limit, status }
const { output, note, exitCode } = await runCommand(readBackendConfig(), 'leads', input)
process.stdout.write(output)
if (note) process.stderr.write(note)
process.exitCode = exitCode
