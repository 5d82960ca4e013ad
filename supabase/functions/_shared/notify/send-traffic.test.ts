import { describe, expect, it } from 'vitest'
import { createSendTraffic, whenPaused } from './send-traffic.ts'

// A clock that runs with the system's and can be moved on, so a test makes a burst at once.
const skewedClock = () => {
  let skew = 0
  return { now: () => Date.now() + skew, pass: (ms: number) => (skew += ms) }
}

describe('the sends of a process', () => {
  it('are no burst at a lone send, nor at a steady ten a second', () => {
    const clock = skewedClock()
    const traffic = createSendTraffic({ now: clock.now })
    const lone = traffic.begin()
    clock.pass(15)
    expect(traffic.pausedIn()).toBe(0)
    lone()
    for (let second = 0; second < 5; second++) {
      for (let lead = 0; lead < 10; lead++) {
        const answered = traffic.begin()
        clock.pass(15)
        answered()
        expect(traffic.pausedIn()).toBe(0)
        clock.pass(85)
      }
    }
  })

  it('are a burst while sends keep it answering, until the share of that time falls', () => {
    const clock = skewedClock()
    const traffic = createSendTraffic({ now: clock.now })
    const first = traffic.begin()
    const second = traffic.begin()
    clock.pass(5000)
    expect(traffic.pausedIn()).toBeNull()
    first()
    first()
    // An answer given twice counts once: the second send is still in flight.
    expect(traffic.pausedIn()).toBeNull()
    second()
    const left = traffic.pausedIn()
    // From nearly all the time to half of it: a second's memory times ln 2, about 0.7 s.
    expect(left).toBeGreaterThan(600)
    expect(left).toBeLessThanOrEqual(700)
    clock.pass((left ?? 0) - 10)
    expect(traffic.pausedIn()).toBeGreaterThan(0)
    clock.pass(10)
    expect(traffic.pausedIn()).toBe(0)
  })

  it('are waited for until the burst has passed, or no longer than the deadline', async () => {
    const clock = skewedClock()
    const traffic = createSendTraffic({ memoryMs: 40, now: clock.now })
    const answered = traffic.begin()
    clock.pass(400)
    const since = Date.now()
    await whenPaused(traffic, since + 150)
    // Timers may fire up to a millisecond early.
    expect(Date.now() - since).toBeGreaterThanOrEqual(149)
    expect(traffic.pausedIn()).toBeNull()
    answered()
    expect(traffic.pausedIn()).toBeGreaterThan(0)
    await whenPaused(traffic, Date.now() + 60_000)
    expect(traffic.pausedIn()).toBe(0)
  })

  it('wake every waiter when the last send in flight is answered', async () => {
    const clock = skewedClock()
    const traffic = createSendTraffic({ memoryMs: 1, now: clock.now })
    const answered = traffic.begin()
    clock.pass(100)
    let woken = 0
    const waits = [1, 2, 3].map(() => whenPaused(traffic, Date.now() + 60_000).then(() => woken++))
    await Promise.resolve()
    expect(woken).toBe(0)
    clock.pass(100)
    answered()
    await Promise.all(waits)
    expect(woken).toBe(3)
  })
})
