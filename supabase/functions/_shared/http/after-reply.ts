/** Takes work that must not hold up the reply and keeps it running after the reply is sent. */
export type AfterReply = (work: Promise<unknown>) => void

/** Work handed over after replies, tracked so a server can wait for it before it stops. */
export interface PendingWork {
  afterReply: AfterReply
  /** Resolves once everything handed over so far, and anything it led to, has settled. */
  settled(): Promise<void>
}

type Log = (message: string, error?: unknown) => void

/** Tracks work in this process: Node's server and the tests await it; nothing else does. */
export function trackPendingWork(log: Log = console.error): PendingWork {
  const pending = new Set<Promise<unknown>>()
  return {
    afterReply(work) {
      const tracked = work
        .catch((error) => log('Work after a reply failed', error))
        .finally(() => pending.delete(tracked))
      pending.add(tracked)
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending)
    },
  }
}

interface EdgeRuntimeGlobal {
  EdgeRuntime?: { waitUntil(promise: Promise<unknown>): void }
}

/**
 * On Supabase, `EdgeRuntime.waitUntil`: the instance keeps running until the promise settles,
 * after the response has gone (https://supabase.com/docs/guides/functions/background-tasks;
 * 150 s on the free plan, 400 s on paid ones). Elsewhere the `fallback`.
 */
export function platformAfterReply(fallback: AfterReply, log: Log = console.error): AfterReply {
  const runtime = (globalThis as EdgeRuntimeGlobal).EdgeRuntime
  if (runtime === undefined) return fallback
  return (work) => runtime.waitUntil(work.catch((error) => log('Work after a reply failed', error)))
}
