import type { BenchRow } from './bench-row.ts'

const verdict = (meets: boolean | null) => (meets === null ? '' : meets ? '✅' : '❌')
const cell = (text: string) => text.replaceAll('|', '\\|')

/** The rows as one markdown table, ready to paste into the README. */
export function markdownTable(rows: readonly BenchRow[]): string {
  const lines = [
    '| section | measure | value | target | | baseline (same run) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${[row.section, row.measure, row.value, row.target, verdict(row.meets), row.baseline]
          .map(cell)
          .join(' | ')} |`,
    ),
  ]
  return `${lines.join('\n')}\n`
}
