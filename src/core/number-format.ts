/**
 * Formats numbers in `locale` through Intl, with the formatter made on the first number, not as
 * the copy loads: a browser's first `Intl.NumberFormat` loads its locale data, which held
 * Debian's Chromium for 60 to 90 ms, unthrottled, in the middle of the form's take-over. The copy
 * modules read numbers in getters, so an English page formats one only when it shows a message
 * that quotes one.
 */
export function numberFormat(locale: string): (value: number) => string {
  let format: ((value: number) => string) | undefined
  return (value) => {
    format ??= new Intl.NumberFormat(locale).format
    return format(value)
  }
}
