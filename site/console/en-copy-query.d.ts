// `#core/en.ts?console` is en.ts itself, under a name of the console's (see form-words.ts).
declare module '#core/en.ts?console' {
  export { en } from '#core/en.ts'
}
