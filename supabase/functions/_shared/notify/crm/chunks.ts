/** `items` in order, `size` at a time: the calls of a batch API that takes at most `size`. */
export function chunks<Item>(items: readonly Item[], size: number): Item[][] {
  const out: Item[][] = []
  for (let start = 0; start < items.length; start += size) {
    out.push(items.slice(start, start + size))
  }
  return out
}
