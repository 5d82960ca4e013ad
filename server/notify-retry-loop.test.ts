import { describe, expect, it, vi } from 'vitest'
import { startNotifyRetryLoop } from './notify-retry-loop.ts'

describe('startNotifyRetryLoop', () => {
  it('runs again and again, one run at a time, until stopped', async () => {
    let running = 0
    let most = 0
    let runs = 0
    const loop = startNotifyRetryLoop({
      intervalMs: 1,
      log: () => {},
      async retryDue() {
        running += 1
        most = Math.max(most, running)
        await new Promise((resolve) => setTimeout(resolve, 5))
        running -= 1
        runs += 1
        return { sent: 1, failed: 0 }
      },
    })
    await vi.waitUntil(() => runs >= 3)
    await loop.stop()
    const after = runs
    expect(running).toBe(0)
    expect(most).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(runs).toBe(after)
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
