/**
 * The form's English copy, where the schema's English replies, the tests and the stories find it
 * (every language's copy: src/copy/load-copy.ts).
 */
export { en as formCopy, type FormCopy } from './en.ts'
