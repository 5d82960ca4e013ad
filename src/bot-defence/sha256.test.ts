import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sha256 } from './sha256.ts'

const expected = (text: string) => new Uint8Array(createHash('sha256').update(text).digest())

describe('sha256', () => {
  it('matches node:crypto on the standard vectors', () => {
    expect(Buffer.from(sha256('abc')).toString('hex')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
    expect(Buffer.from(sha256('')).toString('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
  })

  it('matches node:crypto at every length across the padding and block edges', () => {
    // 55, 56 and 64 are where the length moves into a block of its own.
    for (let length = 0; length <= 200; length++) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(33 + ((i * 7) % 94))).join(
        '',
      )
      expect(sha256(text), `length ${length}`).toEqual(expected(text))
    }
  })

  it('matches node:crypto on proof-shaped strings', () => {
    const challenge = `1764000000.14.${'q'.repeat(32)}.${'f'.repeat(64)}`
    for (let counter = 0; counter < 2000; counter += 37) {
      expect(sha256(`${challenge}.${counter}`)).toEqual(expected(`${challenge}.${counter}`))
    }
  })
})
