/** Finds the id a destination gives a staff member, by their email; null when it has none. */
export type OwnerLookup = (email: string, signal: AbortSignal) => Promise<string | null>

// Long enough that a busy hour asks once per owner, short enough that a person added to the CRM
// (or removed from it) is seen the same hour without a restart.
const keptMs = 60 * 60_000

/**
 * `lookup` with each answer kept for an hour, by lower-cased email; lookups for one email that
 * overlap share one request. A failed lookup is not kept.
 */
export function cachedOwnerLookup(lookup: OwnerLookup, now: () => Date): OwnerLookup {
  const kept = new Map<string, { until: number; id: Promise<string | null> }>()
  return (email, signal) => {
    const key = email.trim().toLowerCase()
    const at = now().getTime()
    const entry = kept.get(key)
    if (entry && entry.until > at) return entry.id
    const id = lookup(key, signal)
    kept.set(key, { until: at + keptMs, id })
    id.catch(() => {
      if (kept.get(key)?.id === id) kept.delete(key)
    })
    return id
  }
}
