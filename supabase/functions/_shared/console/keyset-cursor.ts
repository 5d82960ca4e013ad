import { invalid } from './console-reply.ts'

/**
 * A page's place in a list ordered by (timestamp, id), newest first. The timestamp is Postgres's
 * text to the microsecond: a JavaScript Date keeps milliseconds, and two rows of one
 * millisecond would otherwise be skipped or shown twice.
 */
export interface Keyset {
  at: string
  id: string
}

/** `at` as the cursor's SQL selects it: UTC, to the microsecond. */
export const keysetAt = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

export const encodeCursor = ({ at, id }: Keyset) =>
  btoa(`${at}|${id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{1,36})$/

/** The `before` parameter's place, or null without one; refuses one this API did not give. */
export function decodeCursor(value: string | null): Keyset | null {
  if (value === null || value === '') return null
  let text = ''
  try {
    text = atob(value.replace(/-/g, '+').replace(/_/g, '/'))
  } catch {}
  const match = cursorPattern.exec(text)
  if (match === null) throw invalid('before must be the next value of an earlier page.')
  return { at: match[1] ?? '', id: match[2] ?? '' }
}
