import { describe, expect, it } from 'vitest'
import { sampleLead } from '../../tests/support/sample-lead.ts'
import { createIdempotencyKeys, newIdempotencyKey } from './idempotency-key.ts'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('idempotency keys', () => {
  it('are UUID v4, with or without crypto.randomUUID', () => {
    expect(newIdempotencyKey()).toMatch(uuid)
    const { randomUUID } = crypto
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey))
      expect(keys.size).toBe(50)
      for (const key of keys) expect(key).toMatch(uuid)
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true })
    }
  })

  it('are reused only for the very same submission until it settles', () => {
    const keys = createIdempotencyKeys()
    const first = keys.keyFor(sampleLead)
    expect(keys.keyFor({ ...sampleLead })).toBe(first)
    const changed = keys.keyFor({ ...sampleLead, firstName: 'Grace' })
    expect(changed).not.toBe(first)
    keys.settle()
    expect(keys.keyFor({ ...sampleLead, firstName: 'Grace' })).not.toBe(changed)
  })
})
