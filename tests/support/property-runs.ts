/**
 * How many cases each property test tries: `PROPERTY_RUNS` when set (the long profile,
 * `npm run test:long`), else the test's own number, sized so `npm test` stays quick.
 */
export function propertyRuns(fallback: number): number {
  const value = process.env.PROPERTY_RUNS?.trim()
  if (value === undefined || value === '') return fallback
  const runs = Number(value)
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`PROPERTY_RUNS must be a positive whole number, not "${value}"`)
  }
  return runs
}
