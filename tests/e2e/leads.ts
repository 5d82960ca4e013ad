import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { inject } from 'vitest'

const root = new URL('../../', import.meta.url).pathname

/** The CSV lines of `npm run leads -- --csv`, run as a person would beside the running server. */
async function leadsCsvLines(dataDir: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/leads.ts', '--csv'],
    { cwd: root, env: { ...process.env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '' } },
  )
  return stdout.split('\r\n').filter(Boolean)
}

/** The `npm run leads -- --csv` lines of the leads the e2e server stored under `companyName`. */
export async function storedLeads(companyName: string): Promise<string[]> {
  return (await leadsCsvLines(inject('dataDir'))).filter((line) => line.includes(companyName))
}
