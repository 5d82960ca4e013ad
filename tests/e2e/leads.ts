import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { inject } from 'vitest'
import { waitUntil } from '../support/wait-until.ts'

const root = new URL('../../', import.meta.url).pathname

/** What `npm run leads` prints with `args`, run as a person would beside the running server. */
export async function runLeads(dataDir: string, args: string[] = []): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/leads.ts', ...args],
    { cwd: root, env: { ...process.env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '' } },
  )
  return stdout
}

const leadsCsv = (dataDir: string) => runLeads(dataDir, ['--csv'])

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

/** What `npm run insights` prints with `args`, run as sales run it beside the running server. */
export async function runInsights(dataDir: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/insights.ts', ...args],
    { cwd: root, env: { ...process.env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '' } },
  )
  return stdout
}

/**
 * The `npm run insights -- --csv` row of `source`'s one page, as columns by header; undefined
 * before anything is counted under it.
 */
async function funnelRow(
  source: string,
  dataDir: string,
): Promise<Record<string, string> | undefined> {
  const csv = await runInsights(dataDir, ['--csv', '--source', source])
  const [header = [], ...rows] = csvRecords(csv.trim())
  if (rows.length > 1) throw new Error(`more than one page under ${source}: ${csv}`)
  const [row] = rows
  return row && Object.fromEntries(header.map((name, index) => [name, row[index] ?? '']))
}

/**
 * Waits until `source`'s row of `npm run insights -- --csv` shows `expected`, and returns the row.
 * Each try runs the command, several seconds on a loaded machine, so the deadline is wide.
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
