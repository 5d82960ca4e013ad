import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nastyText } from '../../tests/support/nasty-text.ts'
import { propertyRuns } from '../../tests/support/property-runs.ts'
import {
  cleanMetadata,
  cleanText,
  cutToLimit,
  directionControl,
  letterOrDigit,
  lineBreakOrControl,
  wellFormed,
} from './text-hygiene.ts'

const runs = propertyRuns(2000)

describe('cleanText', () => {
  it('makes a lone surrogate U+FFFD and keeps pairs', () => {
    expect(cleanText('a\uD800b\uDC00c\u{1F600}')).toBe('a\uFFFDb\uFFFDc\u{1F600}')
    expect(wellFormed('\uDFFF\uD83D')).toBe('\uFFFD\uFFFD')
  })

  it('normalises to NFC, also where an invisible character stood between letter and mark', () => {
    expect(cleanText('Zoe\u0308')).toBe('Zoë')
    expect(cleanText('Zoe\u200B\u0308')).toBe('Zoë')
  })

  it('keeps compatibility characters that NFKC would change', () => {
    expect(cleanText('ﬁ ① Ｓ')).toBe('ﬁ ① Ｓ')
  })

  it('removes zero-width spaces, marks, soft hyphens and byte order marks', () => {
    expect(cleanText('\uFEFFA\u200Bd\u00ADa\u200E\u200F\u061C\u2060')).toBe('Ada')
  })

  it('keeps joiners that join letters or emoji, and removes the rest', () => {
    const persian = 'می\u200Cخواهم'
    const malayalam = 'ന\u0D4D\u200Dന'
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'
    const coder = '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}'
    for (const kept of [persian, malayalam, family, coder]) expect(cleanText(kept)).toBe(kept)
    expect(cleanText('\u200D\u200C\u200D')).toBe('')
    expect(cleanText('\u200DAda\u200C')).toBe('Ada')
    expect(cleanText('A\u200D da')).toBe('A da')
    expect(cleanText('a\u200D\u200Db')).toBe('ab')
  })

  it('keeps tag characters only inside a flag', () => {
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'
    expect(cleanText(`Scot ${scotland}`)).toBe(`Scot ${scotland}`)
    // "Ada" followed by invisible tag letters spelling "hi".
    expect(cleanText('Ada\u{E0068}\u{E0069}')).toBe('Ada')
    expect(cleanText('\u{1F3F4}\u{E0067}')).toBe('\u{1F3F4}')
  })

  it('leaves direction controls and control characters for the schema to refuse', () => {
    expect(cleanText('Alice\u202Egnp.exe')).toBe('Alice\u202Egnp.exe')
    expect(cleanText('a\u0000b')).toBe('a\u0000b')
  })

  it('gives well-formed NFC text, without invisibles, that cleaning again leaves as it is', () => {
    fc.assert(
      fc.property(nastyText, (text) => {
        const clean = cleanText(text)
        expect(clean).not.toMatch(/\p{Cs}/u)
        expect(clean).toBe(clean.normalize('NFC'))
        expect(clean).not.toMatch(/[\u200B\u200E\u200F\uFEFF\u00AD]/u)
        expect(cleanText(clean)).toBe(clean)
      }),
      { numRuns: runs },
    )
  })
})

describe('cleanMetadata', () => {
  it('drops direction controls and makes control runs one space', () => {
    expect(cleanMetadata(' partner\u202E\t\n\u2028acme\u200B ')).toBe('partner acme')
  })

  it('leaves nothing the schema would refuse, and is stable', () => {
    fc.assert(
      fc.property(nastyText, (text) => {
        const clean = cleanMetadata(text)
        expect(clean).not.toMatch(lineBreakOrControl)
        expect(clean).not.toMatch(directionControl)
        expect(clean).toBe(clean.trim())
        expect(cleanMetadata(clean)).toBe(clean)
      }),
      { numRuns: runs },
    )
  })
})

describe('cutToLimit', () => {
  it('cuts to the limit, and before a surrogate pair the limit would split', () => {
    expect(cutToLimit('abcdef', 4)).toBe('abcd')
    expect(cutToLimit('ab\u{1F600}cd', 3)).toBe('ab')
    expect(cutToLimit('ab\u{1F600}cd', 4)).toBe('ab\u{1F600}')
    expect(cutToLimit('ab', 4)).toBe('ab')
  })
})

describe('the patterns', () => {
  it('find letters and digits in any script, and not in marks, symbols or punctuation', () => {
    for (const name of ['A', 'ß', '李', 'ش', '٣', 'Ⅻ']) expect(name).toMatch(letterOrDigit)
    for (const name of ['-', '\u0301', '\u{1F600}', '\uFFFD', '·']) {
      expect(name).not.toMatch(letterOrDigit)
    }
  })

  it('find line breaks and controls, and every direction control', () => {
    for (const char of ['\n', '\u0085', '\u2028', '\u2029'])
      expect(char).toMatch(lineBreakOrControl)
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      expect(String.fromCharCode(code)).toMatch(directionControl)
    }
  })
})
