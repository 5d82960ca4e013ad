/**
 * A phone number as E.164 writes it (`+442079460000`), where the typed number says its country:
 * it starts with `+` or the international prefix `00`. A national number (`020 7946 0000`)
 * names no country, so it gets none rather than a guess.
 */
export function phoneE164(typed: string): string | null {
  const digits = typed.replace(/\D/g, '')
  const international = typed.trim().startsWith('+')
    ? digits
    : digits.startsWith('00')
      ? digits.slice(2)
      : null
  // A country code never starts with 0, and E.164 allows at most 15 digits.
  if (international === null || !/^[1-9]\d{6,14}$/.test(international)) return null
  return `+${international}`
}
