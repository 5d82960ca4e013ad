import { describe, expect, it } from 'vitest'
import { waitUntil } from './wait-until.ts'

describe('waitUntil', () => {
  it('returns the first truthy value the probe gives', async () => {
    let calls = 0
    expect(await waitUntil(() => ++calls >= 3 && `after ${calls}`, { intervalMs: 1 })).toBe(
      'after 3',
    )
  })

  it('gives up at the deadline, naming what it waited for', async () => {
    await expect(waitUntil(() => false, { timeoutMs: 50, what: 'Godot' })).rejects.toThrow(
      'Gave up waiting for Godot: timed out after 50 ms',
    )
  })

  it('gives up at the deadline even while the probe hangs, and aborts the probe', async () => {
    let probeSignal: AbortSignal | undefined
    const hanging = (signal: AbortSignal) => {
      probeSignal = signal
      return new Promise<boolean>(() => {})
    }
    await expect(waitUntil(hanging, { timeoutMs: 50 })).rejects.toThrow('timed out')
    expect(probeSignal?.aborted).toBe(true)
  })

  it('gives up at once when its signal aborts, with the reason', async () => {
    const stop = new AbortController()
    const waiting = waitUntil(() => false, { timeoutMs: 60_000, signal: stop.signal, what: 'x' })
    stop.abort(new Error('it exited with 1'))
    await expect(waiting).rejects.toThrow('Gave up waiting for x: it exited with 1')
  })
})
