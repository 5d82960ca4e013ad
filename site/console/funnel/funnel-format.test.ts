import { describe, expect, it } from 'vitest'
import { formCopy } from '#core/form-copy.ts'
import { formatDay, formatRate, messageSeen } from './funnel-format.ts'

describe("the funnel's figures and words", () => {
  it('gives rates as the insights report does, and a dash where there is nothing to divide', () => {
    expect(formatRate(1, 3)).toBe('33%')
    expect(formatRate(2, 3)).toBe('67%')
    expect(formatRate(0, 0)).toBe('–')
  })

  it("shows a report's day as that calendar day, whatever the reader's zone", () => {
    expect(formatDay('2026-11-01')).toBe('Nov 1, 2026')
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026')
  })

  it("names the message a visitor saw by the form's own words", () => {
    expect(messageSeen('email', 'invalid')).toBe(formCopy.messages.email.invalid)
    expect(messageSeen('phone', 'digits')).toBe(formCopy.messages.phone.digits)
    expect(messageSeen('firstName', 'controlCharacters')).toBe(formCopy.anyField.controlCharacters)
    expect(messageSeen('email', 'no-such-code')).toBe('no-such-code')
  })
})
