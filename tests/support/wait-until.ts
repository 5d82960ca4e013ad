// No Node imports: the browser tests use this loop too.

type Falsy = undefined | null | false | 0 | ''

/** How long `waitUntil` tries, and what may end it early. */
export interface WaitOptions {
  /**
   * Milliseconds before it gives up; 20,000 by default. A deadline only turns a hang into a named
   * failure: a wait that succeeds returns at once, so it is set far beyond what any machine's load
   * can stretch a working wait to (a 4-second one lost to a loaded CI run spawning `npm run leads`).
   */
  timeoutMs?: number
  /** Pause between attempts; the loop still ends on the condition, never on this. */
  intervalMs?: number
  /** Ends the wait at once, e.g. when the process being waited for has exited. */
  signal?: AbortSignal
  /** Named in the error; the probe's source by default. */
  what?: string
}

/**
 * Calls `probe` until it returns something truthy, and returns that. Rejects when the deadline
 * passes or `signal` aborts, with the reason. The probe gets a signal that aborts then too, so a
 * request it makes cannot outlive the wait.
 */
export async function waitUntil<T>(
  probe: (signal: AbortSignal) => T | Falsy | Promise<T | Falsy>,
  { timeoutMs = 20_000, intervalMs = 20, signal: stop, what = String(probe) }: WaitOptions = {},
): Promise<T> {
  const deadline = AbortSignal.timeout(timeoutMs)
  const signal = stop ? AbortSignal.any([stop, deadline]) : deadline
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => {
      const why = stop?.aborted ? messageOf(stop.reason) : `timed out after ${timeoutMs} ms`
      reject(new Error(`Gave up waiting for ${what}: ${why}`))
    }
    if (signal.aborted) fail()
    else signal.addEventListener('abort', fail, { once: true })
  })
  // Nobody may be waiting on it when the loop ends by success.
  aborted.catch(() => {})
  for (;;) {
    const value = await Promise.race([probe(signal), aborted])
    if (value) return value
    await Promise.race([pause(intervalMs), aborted])
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason)
}
