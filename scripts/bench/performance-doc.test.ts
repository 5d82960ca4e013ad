import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { betweenMarkers } from '../between-markers.ts'
import type { BenchRow } from './bench-row.ts'
import { markdownTable } from './markdown-table.ts'
import { writePerformanceDoc } from './performance-doc.ts'

let folder: string
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'performance-doc-'))
})
afterEach(() => rm(folder, { recursive: true, force: true }))

const row: BenchRow = {
  section: 'Size',
  measure: 'widget `demo-request.js`',
  value: '70.2 kB gz',
  target: '≤ 76.0 kB gz',
  baseline: 'React alone',
  meets: true,
}

it("writes the run's heading and table between the bench markers, keeping the prose", async () => {
  const file = join(folder, 'performance.md')
  const prose = 'What it says, written by hand.'
  await writeFile(
    file,
    `# Performance\n\n<!-- bench:start -->\nold\n<!-- bench:end -->\n\n${prose}\n`,
  )
  const heading = 'Bench of 2026-11-24 22:00 UTC, commit abc1234, 2 cores'
  await writePerformanceDoc(file, heading, markdownTable([row]))
  const text = await readFile(file, 'utf8')
  expect(betweenMarkers(text, 'bench')).toBe(`${heading}\n\n${markdownTable([row]).trim()}`)
  expect(text).toMatch(/^# Performance\n\n<!-- bench:start -->\nBench of/)
  expect(text).toContain(`<!-- bench:end -->\n\n${prose}\n`)
  expect(text).not.toContain('old')
})

it('leaves a file without the markers untouched and says so', async () => {
  const file = join(folder, 'performance.md')
  await writeFile(file, '# Performance\n')
  await expect(writePerformanceDoc(file, 'Bench of', '| a |')).rejects.toThrow(
    '<!-- bench:start -->',
  )
  expect(await readFile(file, 'utf8')).toBe('# Performance\n')
})

it('the real docs/performance.md has the markers, a commit and a table between them', async () => {
  const text = await readFile(new URL('../../docs/performance.md', import.meta.url), 'utf8')
  expect(betweenMarkers(text, 'bench')).toMatch(
    /^Bench of .* UTC, commit [0-9a-f]{7,}.*\n\n\| section /,
  )
})
