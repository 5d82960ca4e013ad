import { describe, expect, it } from 'vitest'
import { platformClientIp } from './client-ip.ts'

const withHeaders = (headers: Record<string, string>) =>
  platformClientIp(new Request('http://localhost/', { headers }))

describe('platformClientIp', () => {
  it('prefers the addresses the platform sets itself', () => {
    expect(withHeaders({ 'cf-connecting-ip': '203.0.113.1', 'x-forwarded-for': '1.1.1.1' })).toBe(
      '203.0.113.1',
    )
    expect(withHeaders({ 'x-real-ip': '203.0.113.2' })).toBe('203.0.113.2')
  })

  it('takes the last X-Forwarded-For hop, not the one a client can forge', () => {
    expect(withHeaders({ 'x-forwarded-for': '6.6.6.6, 203.0.113.3' })).toBe('203.0.113.3')
  })

  it('gives null without any of them', () => {
    expect(withHeaders({})).toBeNull()
  })
})
