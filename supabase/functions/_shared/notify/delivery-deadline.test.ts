import { describe, expect, it } from 'vitest'
import { deliveryDeadline } from './delivery-deadline.ts'

// Busy for `ms` on this thread, as a PGlite query or a loaded machine keeps the process.
const busy = (ms: number) => {
  const until = Date.now() + ms
  while (Date.now() < until) {}
}

describe("a delivery's deadline", () => {
  it('aborts once its time is up, naming it', async () => {
    const { signal } = deliveryDeadline(30)
    await new Promise((resolve) => signal.addEventListener('abort', resolve))
    expect(String(signal.reason)).toBe('Error: No answer within 30 ms')
  })

  it('reads an answer that came in time while the process was busy past it', async () => {
    const { signal, clear } = deliveryDeadline(30)
    // The answer arrives at 10 ms, the process is busy until 80: both are due at once.
    const answer = new Promise<string>((resolve) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        channel.port1.close()
        resolve('answered')
      }
      setTimeout(() => channel.port2.postMessage('reply'), 10)
    })
    setTimeout(() => busy(80), 5)
    const aborted = new Promise<string>((resolve) =>
      signal.addEventListener('abort', () => resolve('gave up')),
    )
    expect(await Promise.race([answer, aborted])).toBe('answered')
    clear()
  })

  it('never aborts once cleared', async () => {
    const { signal, clear } = deliveryDeadline(10)
    clear()
    const later = deliveryDeadline(40)
    await new Promise((resolve) => later.signal.addEventListener('abort', resolve))
    expect(signal.aborted).toBe(false)
  })
})
