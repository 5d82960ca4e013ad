import { describe, expect, it } from 'vitest'
import { createSendTraffic, whenPaused } from './send-traffic.ts'

describe('the sends of a process', () => {
  it('have paused only once none is in flight and none began for the pause', async () => {
    const traffic = createSendTraffic(50)
    expect(traffic.pausedIn()).toBe(0)
    const first = traffic.begin()
    const second = traffic.begin()
    expect(traffic.pausedIn()).toBeNull()
    first()
    first()
    // An answer given twice counts once: the second send is still in flight.
    expect(traffic.pausedIn()).toBeNull()
    const since = Date.now()
    second()
    expect(traffic.pausedIn()).toBeGreaterThan(0)
    await whenPaused(traffic, Date.now() + 60_000)
    expect(traffic.pausedIn()).toBe(0)
    // Timers may fire up to a millisecond early.
    expect(Date.now() - since).toBeGreaterThanOrEqual(49)
  })

  it('are waited for no longer than the deadline', async () => {
    const traffic = createSendTraffic(50)
    const answered = traffic.begin()
    const since = Date.now()
    await whenPaused(traffic, since + 200)
    expect(Date.now() - since).toBeGreaterThanOrEqual(199)
    expect(traffic.pausedIn()).toBeNull()
    answered()
  })

  it('wake every waiter when the last send in flight is answered', async () => {
    const traffic = createSendTraffic(0)
    const answered = traffic.begin()
    let woken = 0
    const waits = [1, 2, 3].map(() => whenPaused(traffic, Date.now() + 60_000).then(() => woken++))
    await Promise.resolve()
    expect(woken).toBe(0)
    answered()
    await Promise.all(waits)
    expect(woken).toBe(3)
  })
})
