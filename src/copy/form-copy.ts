/**
 * The form's English copy, where the schema's English replies, the tests and the stories find it
 * (every language's copy: copy/copies.ts), and the static form's own line.
 */
export { en as formCopy, type FormCopy } from './en.ts'

/** Copy only the static, prerendered form shows; apart, so the widget's bundle leaves it out. */
export const staticFormCopy = {
  /** Under the button, only when the page runs without JavaScript. */
  needsJavaScript:
    'Sending this form needs JavaScript. Please turn it on in your browser and reload the page.',
} as const
