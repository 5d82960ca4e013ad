/**
 * `text` with what stands between `<!-- name:start -->` and `<!-- name:end -->` replaced by
 * `content`, so a command can rewrite its part of a hand-written document and leave the rest.
 * Throws when the markers are missing, rather than append somewhere a reader would not look.
 */
export function replaceBetweenMarkers(text: string, name: string, content: string): string {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end, from)
  if (from === -1 || to === -1) throw new Error(`No ${start} … ${end} markers to write between`)
  return `${text.slice(0, from + start.length)}\n${content.trim()}\n${text.slice(to)}`
}

/** What stands between the markers, trimmed; undefined when they are missing. */
export function betweenMarkers(text: string, name: string): string | undefined {
  const start = `<!-- ${name}:start -->`
  const from = text.indexOf(start)
  const to = text.indexOf(`<!-- ${name}:end -->`, from)
  return from === -1 || to === -1 ? undefined : text.slice(from + start.length, to).trim()
}
