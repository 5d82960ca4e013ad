import type { CompressedSize } from './compressed-size.ts'

/** One line of the table: a figure beside its target and the baseline of the same run. */
export interface BenchRow {
  section: string
  measure: string
  value: string
  target: string
  baseline: string
  /** Whether the figure meets its target; `null` where there is none or no figure. */
  meets: boolean | null
}

/** One section's rows, how long it took, and its raw figures for the JSON. */
export interface BenchSection {
  name: string
  seconds: number
  rows: BenchRow[]
  data: unknown
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

export const sizeText = (size: CompressedSize) =>
  `${kb(size.gzip)} gz · ${kb(size.brotli)} br · ${kb(size.raw)} raw`

export const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`)
