// The form's English words, which the funnel quotes as the messages visitors saw. Imported under
// a query of its own so the bundler keeps a copy inside the console's lazy chunk: imported as the
// same module as the form's, they became a chunk of their own that every page with the form then
// fetched too (+0.3 kB gzip and a request), and the marketing pages must not grow for the console.
import { en } from '#core/en.ts?console'

export { en as formWords }
