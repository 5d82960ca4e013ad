import { readFile, writeFile } from 'node:fs/promises'
import { replaceBetweenMarkers } from '../between-markers.ts'

/**
 * Puts the run's heading (date, commit, machine) and table between the `bench` markers of
 * docs/performance.md, so the figures there are always the last run's and say which tree they
 * measured; the prose around them is left as written.
 */
export async function writePerformanceDoc(file: string | URL, heading: string, table: string) {
  const text = await readFile(file, 'utf8')
  await writeFile(file, replaceBetweenMarkers(text, 'bench', `${heading}\n\n${table}`))
}
