/** The value at quantile `q` (0 to 1) of `values`, nearest rank; `null` for no values. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)))
  return sorted[rank - 1] ?? null
}

export const median = (values: readonly number[]) => quantile(values, 0.5)
