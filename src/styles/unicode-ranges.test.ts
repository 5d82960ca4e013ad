import { describe, expect, it } from 'vitest'
import { codePointsOf, rangesOf, rangesWithout } from './unicode-ranges.ts'

describe('unicode ranges', () => {
  it('read single points and spans, in either case', () => {
    expect(codePointsOf(['U+0041-0043', 'u+00a9'])).toEqual([0x41, 0x42, 0x43, 0xa9])
  })

  it('refuse what is not a range', () => {
    expect(() => codePointsOf(['U+12G4'])).toThrow('Not a unicode-range: U+12G4')
  })

  it('write the shortest list, merging neighbours and repeats', () => {
    expect(rangesOf([0x43, 0x41, 0x42, 0x42, 0xa9, 0x1f600])).toEqual([
      'U+0041-0043',
      'U+00A9',
      'U+1F600',
    ])
  })

  it('take one list from another', () => {
    expect(rangesWithout(['U+0000-00FF'], ['U+0020-007E', 'U+00A9'])).toEqual([
      'U+0000-001F',
      'U+007F-00A8',
      'U+00AA-00FF',
    ])
  })
})
