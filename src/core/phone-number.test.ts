import { describe, expect, it } from 'vitest'
import { phoneE164 } from './phone-number.ts'

describe('phoneE164', () => {
  it('keeps the digits of a number written with its country code', () => {
    expect(phoneE164('+44 (20) 7946-0000')).toBe('+442079460000')
    expect(phoneE164('+1 212.555.0100')).toBe('+12125550100')
    expect(phoneE164('0044 20 7946 0000')).toBe('+442079460000')
  })

  it('derives none from a national number, a country code of 0, or too many digits', () => {
    expect(phoneE164('020 7946 0000')).toBeNull()
    expect(phoneE164('+0 20 7946 0000')).toBeNull()
    expect(phoneE164(`+1${'2'.repeat(15)}`)).toBeNull()
    expect(phoneE164('+1 234')).toBeNull()
  })
})
