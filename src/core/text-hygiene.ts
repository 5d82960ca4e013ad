/**
 * What the schema does to every text before it checks it, so the form, the function, PGlite and
 * PostgreSQL all hold the same characters. No imports: the function uploads it under Deno.
 */

// With the `u` flag a surrogate pair is one code point, so only halves of no pair match. PGlite
// miscounts a lone low surrogate's bytes: it stores the text cut short, or fails on every retry.
const loneSurrogates = /\p{Cs}/gu

// Invisible, and never how a name is spelled; they arrive by pasting from pages and documents.
// Soft hyphen, Arabic letter mark, zero-width space, left-to-right and right-to-left marks, word
// joiner and invisible operators, deprecated format characters, interlinear annotation, BOM.
const invisibles = /[\u00AD\u061C\u200B\u200E\u200F\u2060-\u2064\u206A-\u206F\uFEFF\uFFF9-\uFFFB]/gu

// Tag characters spell a subdivision flag after U+1F3F4 (England's, Scotland's); anywhere else
// they smuggle ASCII that no one sees but a program (or a language model) reads.
const tagsOutsideFlags = /(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|[\u{E0000}-\u{E007F}]/gu

// Zero-width joiner and non-joiner spell Persian and Indic words and build emoji (👩‍💻) between
// two such characters; anywhere else they only hide in or make up an empty-looking name.
const joinable = /^[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier}]$/u
const isJoiner = (char: string | undefined) => char === '\u200C' || char === '\u200D'

function keepJoinersThatJoin(text: string): string {
  if (!/[\u200C\u200D]/.test(text)) return text
  const chars = Array.from(text)
  const joins = (char: string | undefined) => char !== undefined && joinable.test(char)
  return chars
    .filter((char, i) => !isJoiner(char) || (joins(chars[i - 1]) && joins(chars[i + 1])))
    .join('')
}

/** The text with each lone surrogate made U+FFFD, as any UTF-8 encoder makes it. */
export function wellFormed(text: string): string {
  return text.replace(loneSurrogates, '\uFFFD')
}

/**
 * Well-formed (a lone surrogate becomes U+FFFD, as any UTF-8 encoder makes it), without the
 * invisible characters above, in Unicode Normalization Form C. Normalising last, so a mark freed
 * from an invisible neighbour still composes with its letter.
 */
export function cleanText(text: string): string {
  const visible = wellFormed(text)
    .replace(invisibles, '')
    .replace(tagsOutsideFlags, (_, flag: string | undefined) => flag ?? '')
  return keepJoinersThatJoin(visible).normalize('NFC')
}

/** Control characters and line or paragraph separators: they break lines in emails and CSV. */
export const lineBreakOrControl = /[\p{Cc}\p{Zl}\p{Zp}]/u

/**
 * Embeddings, overrides and isolates: they reorder the text after them wherever it is shown
 * ("Alice\u202Egnp.exe" shows as "Aliceexe.png"). Hardly ever typed; a visitor can retype.
 */
export const directionControl = /[\u202A-\u202E\u2066-\u2069]/u

/** What a name needs at least one of: punctuation, symbols and marks alone name no one. */
export const letterOrDigit = /[\p{L}\p{N}]/u

const directionControls = new RegExp(directionControl.source, 'gu')
const lineBreaksAndControls = new RegExp(`${lineBreakOrControl.source}+`, 'gu')

/**
 * Metadata the visitor cannot see or fix (a partner's `source`, the page's address): cleaned,
 * with direction controls dropped and each run of control characters made one space, never
 * refused for what it contains.
 */
export function cleanMetadata(text: string): string {
  const flat = text.replace(directionControls, '').replace(lineBreaksAndControls, ' ')
  return cleanText(flat).trim()
}

/**
 * `text` cleaned as the schema cleans it, cut to `max` without splitting a surrogate pair, and
 * cleaned again, for a cut can leave a joiner or a flag's tags with nothing to join: the schema
 * then keeps it as is. A lead's attribution and a funnel batch's source are cut alike.
 */
export function fitMetadata(text: string, max: number): string {
  return cleanMetadata(cutToLimit(cleanMetadata(text), max))
}

/** `text` cut to `max` UTF-16 units without splitting a surrogate pair. */
export function cutToLimit(text: string, max: number): string {
  const cut = text.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}
