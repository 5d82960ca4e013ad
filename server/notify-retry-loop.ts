/** What the loop runs and how often. */
export interface NotifyRetryLoopOptions {
  retryDue: () => Promise<{ sent: number; failed: number }>
  intervalMs: number
  log?: (message: string, error?: unknown) => void
}

/**
 * Runs `retryDue` every `intervalMs` until stopped: the local stand-in for the scheduled job
 * production runs on pg_cron. A run starts only after the last one ended, so runs never
 * overlap; the timer does not keep the process alive.
 */
export function startNotifyRetryLoop({
  retryDue,
  intervalMs,
  log = console.error,
}: NotifyRetryLoopOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> = Promise.resolve()
  let stopped = false

  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      running = retryDue()
        .then(({ sent, failed }) => {
          if (sent + failed > 0) log(`Notification retry: ${sent} sent, ${failed} failed`)
        })
        .catch((error) => log('Notification retry failed', error))
        .finally(schedule)
    }, intervalMs)
    timer.unref?.()
  }
  schedule()

  return {
    /** Stops the loop; resolves once a run in progress has ended. */
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
