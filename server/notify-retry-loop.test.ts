import { describe, expect, it, vi } from 'vitest'
import { startNotifyRetryLoop } from './notify-retry-loop.ts'

describe('startNotifyRetryLoop', () => {
  it('runs again and again, one run at a time, until stopped', async () => {
    // Fake timers: "no run after stop" is then a fact about the clock, not a wait.
    vi.useFakeTimers()
    try {
      const runMs = 5
      let running = 0
      let most = 0
      let runs = 0
      const loop = startNotifyRetryLoop({
        intervalMs: 1,
        log: () => {},
        async retryDue() {
          running += 1
          most = Math.max(most, running)
          await new Promise((resolve) => setTimeout(resolve, runMs))
          running -= 1
          runs += 1
          return { sent: 1, failed: 0 }
        },
      })
      // Three runs and into a fourth: stopped while a run is in flight.
      await vi.advanceTimersByTimeAsync(3 * (1 + runMs) + 2)
      expect([runs, running]).toEqual([3, 1])
      const stopping = loop.stop()
      await vi.advanceTimersByTimeAsync(runMs)
      await stopping
      const after = runs
      expect(running).toBe(0)
      expect(most).toBe(1)
      expect(vi.getTimerCount()).toBe(0)
      await vi.advanceTimersByTimeAsync(60_000)
      expect(runs).toBe(after)
    } finally {
      vi.useRealTimers()
    }
  })

  it('logs a failed run and keeps going', async () => {
    const log = vi.fn()
    let calls = 0
    const loop = startNotifyRetryLoop({
      intervalMs: 1,
      log,
      retryDue: async () => {
        calls += 1
        if (calls === 1) throw new Error('database down')
        return { sent: 0, failed: 0 }
      },
    })
    await vi.waitUntil(() => calls >= 2)
    await loop.stop()
    expect(log).toHaveBeenCalledWith('Notification retry failed', expect.any(Error))
  })
})
