// What must not outlive an interrupted bench: `npm start` runs in its own process group and a
// PostgreSQL cluster runs as a daemon, so Ctrl-C does not reach them; temporary folders stay.
const pending = new Set<() => Promise<unknown>>()
let interrupted = false

/** Whether SIGINT or SIGTERM came: the run then unwinds, and starts nothing new. */
export const wasInterrupted = () => interrupted

/**
 * Registers `cleanup` to run if the bench is interrupted, and returns it to call as usual:
 * called, it runs once and is unregistered. After an interrupt it runs at once and throws, so
 * whatever was being started is stopped and the run unwinds.
 */
export function cleanupOnInterrupt(cleanup: () => Promise<unknown>): () => Promise<void> {
  let done: Promise<unknown> | null = null
  const once = async () => {
    pending.delete(once)
    done ??= cleanup()
    await done
  }
  if (interrupted) {
    void once().catch(() => {})
    throw new Error('Interrupted')
  }
  pending.add(once)
  return once
}

/**
 * On SIGINT or SIGTERM, runs what is registered, newest first; the run then unwinds through
 * its own `finally` blocks. A second signal exits at once.
 */
export function cleanUpOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      interrupted = true
      process.once(signal, () => process.exit(130))
      console.error(`\n${signal}: stopping what the bench started`)
      for (const cleanup of [...pending].reverse()) await cleanup().catch(() => {})
    })
  }
}
