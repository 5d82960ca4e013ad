import { type Token, tokenProperty, tokens } from '../src/design-tokens.ts'

/** The element's tag. */
export const tagName = 'demo-request'

/** The element's public surface, described for its manifest, the README and Storybook's docs. */
export const elementAttributes = [
  {
    name: 'supabase-url',
    prop: 'supabaseUrl',
    description:
      'The Supabase project URL. Defaults to VITE_SUPABASE_URL at build time, else the page origin.',
  },
  {
    name: 'anon-key',
    prop: 'anonKey',
    description: "The project's public anon key. Defaults to VITE_SUPABASE_ANON_KEY at build time.",
  },
  {
    name: 'source',
    prop: 'source',
    description: "Free text stored with the lead, such as a partner's name.",
  },
  {
    name: 'privacy-url',
    prop: 'privacyUrl',
    description:
      'The privacy notice linked under the button. Defaults to /privacy on SITE_URL at build time, else on the page origin.',
  },
] as const

/** Set from script, not markup: values an attribute cannot carry. */
export const elementProperties = [
  {
    name: 'functions',
    type: 'FunctionsInvoker | undefined',
    description:
      "A Functions client to call instead of the one built from supabase-url and anon-key, such as a page's own supabase.functions.",
  },
] as const

/** Read by the loader (demo-request-loader.js) only; the full widget ignores them. */
export const loaderAttributes = [
  {
    name: 'loading',
    description:
      "'eager' fetches the full widget at once. Otherwise it is fetched when the element nears the viewport (once the browser is idle) or on the first focus, tap or key press in it.",
  },
] as const

/** The element's content, shown only if the loader cannot fetch the full widget. */
export const elementSlots = [
  {
    name: '',
    description:
      'Fallback content, such as a link to a page with the form: shown before the script runs and if the full widget cannot load, hidden while the form shows.',
  },
] as const

export const elementEvents = [
  {
    name: 'demo-request-submit',
    detail: '{}',
    description: 'Validation passed and the request is about to be sent.',
  },
  {
    name: 'demo-request-success',
    detail: '{ requestId: string }',
    description: 'The lead was stored; the form is cleared and shows a confirmation.',
  },
  {
    name: 'demo-request-error',
    detail: "{ kind: 'validation' | 'network' | 'server' | 'load' }",
    description:
      "The submission did not go through; the form keeps every value. With kind 'load', the loader could not fetch the full widget and the element shows its own content instead.",
  },
] as const

/** The `--demo-request-*` properties a host page may set, one per design token. */
export function elementCssProperties() {
  return (Object.keys(tokens) as Token[]).map((token) => ({
    name: tokenProperty(token),
    default: tokens[token],
  }))
}
