import { describe, expect, it } from 'vitest'
import { clientGroup } from '#shared/abuse/client-group.ts'
import { rotatingAddress } from './client-addresses.ts'

describe('rotatingAddress', () => {
  it('alternates IPv4 and IPv6, every one a client group of its own', () => {
    const addresses = Array.from({ length: 20_000 }, (_, n) => rotatingAddress(n))
    expect(addresses.slice(0, 2)).toEqual(['10.0.0.0', '2001:db8:0:0::1'])
    expect(addresses.filter((address) => address.includes(':'))).toHaveLength(10_000)
    const groups = new Set(addresses.map((address) => clientGroup(address, 64)))
    expect(groups.size).toBe(addresses.length)
  })
})
