// A delivery's deadline, told by an abort signal. When the time is up the process first reads
// what arrived meanwhile, and only then gives up: a process kept busy past the deadline (PGlite's
// queries run on its one thread; a loaded machine) would otherwise abandon a reply that came in
// time and lay unread, and send again what the destination had taken. A chat webhook keeps no
// key, so that was a message posted twice.

/**
 * The signal aborts `ms` after the call, once the answers that had come by then are read. A
 * process that reached the deadline late, busy elsewhere, listens as long again (up to `ms`
 * more) before it gives up: the time it could not listen does not count against the answer.
 */
export function deliveryDeadline(ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController()
  const due = Date.now() + ms
  let timer: ReturnType<typeof setTimeout> | undefined
  timer = setTimeout(() => {
    const late = Math.min(Math.max(0, Date.now() - due), ms)
    // A timer set from a timer's callback runs after the loop has polled for what arrived.
    timer = setTimeout(() => controller.abort(new Error(`No answer within ${ms} ms`)), late)
  }, ms)
  return { signal: controller.signal, clear: () => clearTimeout(timer) }
}
