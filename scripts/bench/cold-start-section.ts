import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BenchRow } from './bench-row.ts'
import { startNpmStart } from './npm-start.ts'

// Marks the last build unfinished, as an interrupted build leaves it: the next start rebuilds.
async function invalidateBuildStamp(root: string) {
  const file = join(root, 'dist', 'build-stamp.json')
  const stamp = JSON.parse(await readFile(file, 'utf8').catch(() => '{}'))
  await writeFile(file, `${JSON.stringify({ ...stamp, finished: false }, null, 2)}\n`)
}

/**
 * Row 5: `npm start` until `/` answers 200, after the build stamp is invalidated (it rebuilds)
 * and then with that build current. Leaves a fresh build in dist/ for the other sections.
 */
export async function measureColdStart(root: string, dataDir: string) {
  await invalidateBuildStamp(root)
  const runs: { build: string; seconds: number; said: string }[] = []
  for (const build of ['stamp invalidated', 'build current']) {
    const started = await startNpmStart(root, dataDir)
    await started.stop()
    // What npm start decided, in its words: a source saved meanwhile makes it build again.
    const said =
      started
        .output()
        .split('\n')
        .find((line) => /^(Build is current|Sources changed)/.test(line)) ?? ''
    runs.push({ build, seconds: started.seconds, said })
  }
  const rows: BenchRow[] = runs.map((run) => {
    const rebuilt = run.said.startsWith('Sources changed')
    const current = run.build === 'build current'
    const why = /\((.*)\)/.exec(run.said)?.[1] ?? run.said
    return {
      section: 'Cold start',
      measure: `\`npm start\` to 200 on \`/\`, ${run.build}`,
      value: `${run.seconds.toFixed(1)} s${rebuilt ? ` (built: ${why})` : ' (served the build)'}`,
      target: current ? 'seconds when nothing changed' : 'none set',
      baseline: 'none',
      // Seconds: well under the ten a rebuild takes even on an idle machine.
      meets: current && !rebuilt ? run.seconds < 10 : current ? false : null,
    }
  })
  return { rows, data: runs }
}
