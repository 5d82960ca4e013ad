import { describe, expect, it } from 'vitest'
import { isRecord } from './is-record.ts'

describe('isRecord', () => {
  it('takes a JSON object, with or without keys', () => {
    expect(isRecord({})).toBe(true)
    expect(isRecord(JSON.parse('{"a":1}'))).toBe(true)
    expect(isRecord(Object.create(null))).toBe(true)
  })

  it.each([null, undefined, [], [1], 'text', 1, true])('refuses %j', (value) => {
    expect(isRecord(value)).toBe(false)
  })
})
