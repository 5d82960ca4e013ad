import type { Sizes } from '../bundle-sizes.ts'

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

// A file under 10 kB gzip is shown in bytes too, to compare with a budget such as 2 KiB.
export const sizeText = (size: Sizes) =>
  `${kb(size.gzip)} gz${size.gzip < 10_000 ? ` (${size.gzip.toLocaleString('en-US')} B)` : ''} · ${kb(size.brotli)} br · ${kb(size.raw)} raw`

export const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`)
