import { describe, expect, it } from 'vitest'
import type { NotificationDispatcher } from '../notify/notification-dispatcher.ts'
import { createBackendJobs } from './backend-jobs.ts'

/** A dispatcher whose every retry waits until the test lets it end. */
function heldDispatcher() {
  const ends: (() => void)[] = []
  let calls = 0
  const dispatcher = {
    channels: ['email'],
    retryDue: () => {
      calls++
      return new Promise((resolve) => ends.push(() => resolve({ sent: 1, failed: 0 })))
    },
  } as unknown as NotificationDispatcher
  return {
    dispatcher,
    calls: () => calls,
    endAll: () => {
      for (const end of ends.splice(0)) end()
    },
  }
}

describe('the backend jobs', () => {
  it('start one run at a time: a start while one is under way joins it, a later one runs anew', async () => {
    const held = heldDispatcher()
    const jobs = createBackendJobs(held.dispatcher, async () => {})
    const first = jobs.run()
    const second = jobs.run()
    expect(held.calls()).toBe(1)
    held.endAll()
    expect(await first).toEqual({ sent: 1, failed: 0 })
    expect(await second).toBe(await first)
    const third = jobs.run()
    expect(held.calls()).toBe(2)
    held.endAll()
    await third
  })

  it('prune one at a time, and a failed pruning lets the next one run', async () => {
    let prunes = 0
    let fail: (error: Error) => void = () => {}
    const jobs = createBackendJobs(heldDispatcher().dispatcher, () => {
      prunes++
      return new Promise((_, reject) => {
        fail = reject
      })
    })
    const both = [jobs.prune(), jobs.prune()]
    expect(prunes).toBe(1)
    fail(new Error('database away'))
    for (const pruning of both) await expect(pruning).rejects.toThrow('database away')
    void jobs.prune().catch(() => {})
    expect(prunes).toBe(2)
    fail(new Error('done'))
  })

  it('say what the scheduled job has to do', () => {
    const jobs = createBackendJobs(heldDispatcher().dispatcher, async () => {})
    expect(jobs.channels).toEqual(['email'])
    expect(jobs.readsBack).toBe(false)
  })
})
