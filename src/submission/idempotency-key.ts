/** A random UUID v4; `crypto.randomUUID` exists only on secure pages, partner sites may be http. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Hands out one key per distinct submission: retrying the very same values reuses the key, so
 * the backend stores the lead once; any change, or a success, starts a new one.
 */
export function createIdempotencyKeys(newKey: () => string = newIdempotencyKey) {
  let last: { payload: string; key: string } | undefined
  return {
    keyFor(submission: unknown): string {
      const payload = JSON.stringify(submission)
      if (last?.payload !== payload) last = { payload, key: newKey() }
      return last.key
    },
    /** Forget the last submission once it has been stored. */
    settle(): void {
      last = undefined
    },
  }
}
