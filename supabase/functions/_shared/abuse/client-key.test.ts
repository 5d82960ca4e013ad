import { describe, expect, it } from 'vitest'
import { type ClientKeySecret, cacheClientKeySecrets, clientKey } from './client-key.ts'

describe('clientKey', () => {
  it('is a keyed hex digest: the same under one secret, another under the next', () => {
    const key = clientKey('a'.repeat(64), '203.0.113.7')
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(clientKey('a'.repeat(64), '203.0.113.7')).toBe(key)
    expect(clientKey('a'.repeat(64), '203.0.113.8')).not.toBe(key)
    expect(clientKey('b'.repeat(64), '203.0.113.7')).not.toBe(key)
  })
})

describe('cacheClientKeySecrets', () => {
  const day = (date: string, secret: string): ClientKeySecret => ({
    secret,
    validFrom: new Date(`${date}T00:00:00Z`),
    validUntil: new Date(new Date(`${date}T00:00:00Z`).getTime() + 24 * 3600_000),
  })

  it('asks once for the windows of one day, and again for the next day', async () => {
    const asked: Date[] = []
    const secretFor = cacheClientKeySecrets(async (windowStart) => {
      asked.push(windowStart)
      return windowStart < new Date('2026-03-02T00:00:00Z')
        ? day('2026-03-01', 'first')
        : day('2026-03-02', 'second')
    })
    expect(await secretFor(new Date('2026-03-01T10:00:00Z'))).toBe('first')
    expect(await secretFor(new Date('2026-03-01T23:50:00Z'))).toBe('first')
    expect(asked).toHaveLength(1)
    expect(await secretFor(new Date('2026-03-02T00:00:00Z'))).toBe('second')
    expect(asked).toHaveLength(2)
  })

  it('has simultaneous callers wait for one question', async () => {
    let answer = (_: ClientKeySecret) => {}
    let asked = 0
    const secretFor = cacheClientKeySecrets(() => {
      asked++
      return new Promise((resolve) => {
        answer = resolve
      })
    })
    const start = new Date('2026-03-01T10:00:00Z')
    const both = Promise.all([secretFor(start), secretFor(start)])
    answer(day('2026-03-01', 'shared'))
    expect(await both).toEqual(['shared', 'shared'])
    expect(asked).toBe(1)
  })

  it('fails the callers of a failed question, and asks again for the next', async () => {
    let down = true
    const secretFor = cacheClientKeySecrets(async () => {
      if (down) throw new Error('connection refused')
      return day('2026-03-01', 'back')
    })
    const start = new Date('2026-03-01T10:00:00Z')
    await expect(secretFor(start)).rejects.toThrow('connection refused')
    down = false
    expect(await secretFor(start)).toBe('back')
  })
})
