/** Every order of `items`: deliveries that may come in any order are tried in each. */
export function everyOrder<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]]
  return items.flatMap((item, index) =>
    everyOrder(items.filter((_, other) => other !== index)).map((rest) => [item, ...rest]),
  )
}
