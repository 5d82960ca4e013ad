import type { BenchRow } from './bench-row.ts'

const verdict = (meets: boolean | null) => (meets === null ? '' : meets ? '✓' : '✗')
const cell = (text: string) => text.replaceAll('|', '\\|')

/**
 * The rows as one markdown table, its columns padded as a markdown formatter pads them,
 * so it pastes in as it is.
 */
export function markdownTable(rows: readonly BenchRow[]): string {
  const header = ['section', 'measure', 'value', 'target', 'met', 'baseline (same run)']
  const body = rows.map((row) =>
    [row.section, row.measure, row.value, row.target, verdict(row.meets), row.baseline].map(cell),
  )
  const length = (text: string) => [...text].length
  const widths = header.map((title, column) =>
    Math.max(3, length(title), ...body.map((cells) => length(cells[column] ?? ''))),
  )
  const line = (cells: string[]) =>
    `| ${cells.map((text, column) => text + ' '.repeat((widths[column] ?? 0) - length(text))).join(' | ')} |`
  return `${[line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n')}\n`
}
