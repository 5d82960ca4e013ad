// `npm run insights [-- --days N] [-- --source S] [-- --csv | --html FILE]`: the funnel from views
// to booked demos per source and page, and where visitors left the form (docs/analytics.md),
// from the embedded PGlite or DATABASE_URL, over the last 30 days of the firm's calendar (SALES_TIME_ZONE) unless told otherwise.
import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { readBackendConfig } from './config.ts'
import { runCommand } from './local-commands.ts'

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '30' },
    source: { type: 'string' },
    csv: { type: 'boolean', default: false },
    html: { type: 'string' },
  },
})
const days = Number(values.days)
if (!Number.isInteger(days) || days < 1) {
  console.error('--days must be a positive whole number')
  process.exit(2)
}
if (values.csv && values.html !== undefined) {
  console.error('--csv and --html are two ways to print the report: choose one')
  process.exit(2)
}

const format = values.csv ? 'csv' : values.html !== undefined ? 'html' : 'table'
const input = { days, source: values.source ?? null, format }
const { output, note, exitCode } = await runCommand(readBackendConfig(), 'insights', input)
if (values.html !== undefined && exitCode === 0) {
  await writeFile(values.html, output)
  process.stderr.write(`Wrote the report to ${values.html}; it opens offline.\n`)
} else {
  process.stdout.write(output)
}
if (note) process.stderr.write(note)
process.exitCode = exitCode
