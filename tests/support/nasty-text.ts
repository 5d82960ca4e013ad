// Text that has broken or fooled some layer, for the schema's, the store's and the handler's
// tests: one list, so each suite tries the same characters.
import fc from 'fast-check'

/**
 * Single characters and short sequences, each a reason for a rule in src/core/text-hygiene.ts.
 */
export const nastyPieces = [
  'a',
  'Ada',
  'é',
  'e\u0301',
  '\u0301',
  'Å',
  '\u212B',
  '\uFA6C',
  'ﬁ',
  'Ｓ',
  '李',
  'شركة',
  'שלום',
  'क',
  '\u094D',
  'می\u200Cخواهم',
  '\u{1F469}',
  '\u{1F3FD}',
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
  '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
  '\u{1F3F4}',
  '\u{E0067}',
  '\u{E007F}',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u202E',
  '\u202B',
  '\u2066',
  '\u2069',
  '\u00AD',
  '\u2060',
  '\uFEFF',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\uFFFD',
  '\uFFFE',
  '\uFFFF',
  '\u{10FFFF}',
  '\uE000',
  '\u0000',
  '\u0007',
  '\u001B[31m',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u180E',
  '\u3000',
  ' ',
  '\t',
  '\n',
  '\r\n',
  "'",
  '"',
  '\\',
  '%00',
  '\\u0000',
  '<b>',
  '&amp;',
  ',',
  '=cmd|',
  "'); drop table public.demo_requests; --",
] as const

/** Strings made of those pieces, or of any code points, lone surrogates included. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.constantFrom(...nastyPieces), { maxLength: 12 }).map((pieces) => pieces.join('')),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc
    .array(fc.integer({ min: 0xd800, max: 0xdfff }), { maxLength: 4 })
    .chain((halves) =>
      fc
        .string({ unit: 'binary', maxLength: 8 })
        .map((text) => text + String.fromCharCode(...halves) + text),
    ),
)
