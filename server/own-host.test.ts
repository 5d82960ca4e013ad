import { describe, expect, it } from 'vitest'
import { ownHost } from './own-host.ts'

describe('ownHost', () => {
  it('takes the loopback names on its port, in any case, and no other port', () => {
    const own = ownHost('127.0.0.1', 3000, [])
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LocalHost:3000']) {
      expect(own.test(host), host).toBe(true)
    }
    for (const host of ['localhost', 'localhost:3001', 'localhost.:3000', '[::2]:3000']) {
      expect(own.test(host), host).toBe(false)
    }
  })

  it('takes no name from a Host header that is not one name and a port', () => {
    const own = ownHost('127.0.0.1', 3000, ['demo.internal'])
    for (const host of [
      undefined,
      '',
      'evil.example',
      'evil.example@localhost:3000',
      'localhost:3000@evil.example',
      'localhost:3000/evil',
      'demo.internal.evil.example',
    ]) {
      expect(own.test(host), String(host)).toBe(false)
    }
  })

  it('takes the interface it listens on, but not the address of every interface', () => {
    expect(ownHost('192.168.1.5', 3000, []).test('192.168.1.5:3000')).toBe(true)
    expect(ownHost('fd00::5', 3000, []).test('[fd00::5]:3000')).toBe(true)
    expect(ownHost('0.0.0.0', 3000, []).test('0.0.0.0:3000')).toBe(false)
    expect(ownHost('::', 3000, []).names).toEqual([
      'localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
    ])
  })

  it('takes a port left out as 80, and the allowed names on any port', () => {
    expect(ownHost('127.0.0.1', 80, []).test('localhost')).toBe(true)
    const own = ownHost('127.0.0.1', 3000, ['Demo.Internal'])
    expect(own.test('demo.internal')).toBe(true)
    expect(own.test('demo.internal:8443')).toBe(true)
    expect(own.names).toContain('demo.internal')
  })
})
