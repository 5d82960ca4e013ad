import { describe, expect, it } from 'vitest'
import { clientGroup } from './client-group.ts'

describe('clientGroup', () => {
  it('counts an IPv4 address by itself', () => {
    expect(clientGroup('203.0.113.7', 64)).toBe('203.0.113.7')
    expect(clientGroup(' 203.0.113.7 ', 64)).toBe('203.0.113.7')
    expect(clientGroup('203.0.113.8', 64)).not.toBe(clientGroup('203.0.113.7', 64))
  })

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const group = clientGroup('2001:db8:1:2::1', 64)
    expect(group).toBe('2001:db8:1:2:0:0:0:0/64')
    for (const same of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:abcd::9',
      '2001:db8:1:2::42%eth0',
    ]) {
      expect(clientGroup(same, 64)).toBe(group)
    }
    expect(clientGroup('2001:db8:1:3::1', 64)).not.toBe(group)
  })

  it('groups by the prefix it is given, cutting inside a 16-bit group too', () => {
    expect(clientGroup('2001:db8:1:2::1', 48)).toBe('2001:db8:1:0:0:0:0:0/48')
    expect(clientGroup('2001:db8:12ff::1', 40)).toBe('2001:db8:1200:0:0:0:0:0/40')
    expect(clientGroup('2001:db8::1', 128)).toBe('2001:db8:0:0:0:0:0:1/128')
    expect(clientGroup('2001:db8::2', 128)).not.toBe(clientGroup('2001:db8::1', 128))
  })

  it('counts an IPv4 address written as IPv6, as a dual-stack socket reports it, as IPv4', () => {
    expect(clientGroup('::ffff:203.0.113.7', 64)).toBe('203.0.113.7')
    expect(clientGroup('::FFFF:cb00:7107', 64)).toBe('203.0.113.7')
  })

  it('counts anything else as itself', () => {
    expect(clientGroup('unknown', 64)).toBe('unknown')
    expect(clientGroup('300.1.2.3', 64)).toBe('300.1.2.3')
    expect(clientGroup('2001:db8::1::2', 64)).toBe('2001:db8::1::2')
  })
})
