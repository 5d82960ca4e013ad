import { inject } from 'vitest'
import { askDataDirHolder } from '../../server/data-dir-lock.ts'
import { waitUntil } from '../support/wait-until.ts'

/**
 * What the server holding `dataDir` answers to `command`, asked as `npm run leads` and
 * `npm run insights` ask it (runCommand, server/database.ts), from this process: a node and tsx
 * of their own cost over a second of a core each, and e2e reads the leads some forty times. The
 * commands as processes a person starts are start-command.test.ts's, leads-command.test.ts's and
 * insights-command.test.ts's.
 */
async function askServer(dataDir: string, command: string, input: unknown): Promise<string> {
  const answer = await askDataDirHolder(dataDir, command, input)
  if (answer === null) throw new Error(`npm run ${command}: no server holds ${dataDir}`)
  if (answer.exitCode !== 0) throw new Error(`npm run ${command} failed: ${answer.output}`)
  return answer.output
}

/** What `npm run leads` prints, as a table or with `--csv`, beside the running server. */
export function runLeads(dataDir: string, { csv = false } = {}): Promise<string> {
  return askServer(dataDir, 'leads', { csv, limit: null })
}

const leadsCsv = (dataDir: string) => runLeads(dataDir, { csv: true })

/**
 * The `npm run leads -- --csv` lines of the leads stored under `companyName`, by the e2e server
 * unless another server's data folder is given.
 */
export async function storedLeads(
  companyName: string,
  dataDir: string = inject('dataDir'),
): Promise<string[]> {
  const lines = (await leadsCsv(dataDir)).split('\r\n')
  return lines.filter((line) => line.includes(companyName))
}

// RFC 4180 as leads-format.ts writes it: quoted where a value holds a comma, quote or line break.
function csvRecords(text: string): string[][] {
  const records: string[][] = [[]]
  const cell = /("(?:[^"]|"")*"|[^,\r\n]*)(,|\r\n|$)/g
  for (const [, value = '', end] of text.matchAll(cell)) {
    records.at(-1)?.push(value.startsWith('"') ? value.slice(1, -1).replaceAll('""', '"') : value)
    if (end === '\r\n') records.push([])
    if (end === '') break
  }
  return records
}

/** Every stored lead, each as its CSV columns by header. */
export async function allStoredLeadRecords(
  dataDir: string = inject('dataDir'),
): Promise<Record<string, string>[]> {
  const [header = [], ...rows] = csvRecords(await leadsCsv(dataDir))
  return rows.map((row) =>
    Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])),
  )
}

/** The stored leads under `companyName`, each as its CSV columns by header. */
export async function storedLeadRecords(
  companyName: string,
  dataDir: string = inject('dataDir'),
): Promise<Record<string, string>[]> {
  const records = await allStoredLeadRecords(dataDir)
  return records.filter((record) => Object.values(record).includes(companyName))
}

/**
 * What `npm run insights` prints over the last 30 days, of `source` alone when given, as a table
 * or with `--csv`, beside the server.
 */
export function runInsights(
  dataDir: string,
  { source = null, csv = false }: { source?: string | null; csv?: boolean },
): Promise<string> {
  return askServer(dataDir, 'insights', { days: 30, source, format: csv ? 'csv' : 'table' })
}

/** The `npm run insights -- --csv` rows (of `source` alone when given), one a page, by header. */
export async function funnelRows(
  source: string | null,
  dataDir: string = inject('dataDir'),
): Promise<Record<string, string>[]> {
  const csv = await runInsights(dataDir, { source, csv: true })
  const [header = [], ...rows] = csvRecords(csv.trim())
  return rows.map((row) =>
    Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])),
  )
}

/**
 * The `npm run insights -- --csv` row of `source`'s one page, as columns by header; undefined
 * before anything is counted under it.
 */
async function funnelRow(
  source: string,
  dataDir: string,
): Promise<Record<string, string> | undefined> {
  const rows = await funnelRows(source, dataDir)
  if (rows.length > 1)
    throw new Error(`more than one page under ${source}: ${JSON.stringify(rows)}`)
  return rows[0]
}

/**
 * Waits until `source`'s row of `npm run insights -- --csv` shows `expected`, and returns the row.
 * What it waits on is a beacon from a page just closed, behind whatever loads the machine.
 */
export function funnelRowShowing(
  source: string,
  dataDir: string,
  expected: Record<string, string>,
): Promise<Record<string, string>> {
  return waitUntil(
    async () => {
      const row = await funnelRow(source, dataDir)
      return row && Object.entries(expected).every(([key, value]) => row[key] === value) && row
    },
    { timeoutMs: 90_000, what: `npm run insights -- --csv showing ${JSON.stringify(expected)}` },
  )
}
