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

/**
 * The `npm run leads -- --csv` lines of the leads stored under `companyName`, by the e2e server
 * unless another server's data folder is given.
 */
export async function storedLeads(
  companyName: string,
  dataDir: string = inject('dataDir'),
): Promise<string[]> {
  return (await leadsCsvLines(dataDir)).filter((line) => line.includes(companyName))
}
