// CSS `unicode-range` lists (`U+0020-007E, U+00A9`) as sets of code points and back, so a font's
// subsets can be named by their ranges once and the build can cut the files to match.

/** Every code point a `unicode-range` list names, in order. */
export function codePointsOf(ranges: readonly string[]): number[] {
  const points = new Set<number>()
  for (const range of ranges) {
    const match = /^U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?$/i.exec(range.trim())
    if (!match) throw new Error(`Not a unicode-range: ${range}`)
    const first = Number.parseInt(match[1] as string, 16)
    const last = match[2] === undefined ? first : Number.parseInt(match[2], 16)
    for (let point = first; point <= last; point++) points.add(point)
  }
  return [...points].sort((a, b) => a - b)
}

const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0')

/** The shortest `unicode-range` list naming exactly `points`. */
export function rangesOf(points: Iterable<number>): string[] {
  const sorted = [...new Set(points)].sort((a, b) => a - b)
  const ranges: string[] = []
  for (let start = 0; start < sorted.length; ) {
    let end = start
    while (sorted[end + 1] === (sorted[end] as number) + 1) end++
    const first = sorted[start] as number
    const last = sorted[end] as number
    ranges.push(first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)
    start = end + 1
  }
  return ranges
}

/** The code points of `ranges` that `without` does not name. */
export function rangesWithout(ranges: readonly string[], without: readonly string[]): string[] {
  const removed = new Set(codePointsOf(without))
  return rangesOf(codePointsOf(ranges).filter((point) => !removed.has(point)))
}
