import { supportedLanguages } from '#core/languages.ts'
import { type Token, tokenProperty, tokens } from '../src/styles/design-tokens.ts'
import { attributeProps } from './element-attributes.ts'

// `en or es`, `en, es or fr`: from the list, so a new language changes no description. Called
// pure, so a bundle that reads only the tag leaves the words out.
const langDescription = (languages: readonly string[]) =>
  `The form's language: ${languages.slice(0, -1).join(', ')} or ${languages.at(-1)}; a regional tag speaks its language (es-MX is es), any other English. Unset, the nearest ancestor's lang, else the html element's: the page's. The form follows a change of any of them, keeping what was typed.`

/** The element's tag. */
export const tagName = 'demo-request'

// Each attribute's description; the compiler asks for one for every attribute.
const attributeDescriptions: { [Prop in (typeof attributeProps)[number]['prop']]: string } = {
  supabaseUrl:
    'The Supabase project URL. Defaults to VITE_SUPABASE_URL at build time, else the page origin.',
  publishableKey:
    "The project's publishable key (sb_publishable_…), sent in the apikey header. Defaults to VITE_SUPABASE_PUBLISHABLE_KEY, else VITE_SUPABASE_ANON_KEY, at build time.",
  anonKey:
    "The project's legacy anon key (a JWT), sent in apikey and as the bearer token; an alias of publishable-key, which wins when both are set.",
  source: "Free text stored with the lead, such as a partner's name.",
  analytics: "'off': the form counts nothing on this page (docs/analytics.md).",
  privacyUrl:
    'The privacy notice linked under the button. Defaults to /privacy on SITE_URL at build time, else on the page origin.',
}

/** The element's public surface, described for its manifest, docs/embedding.md, /embed and Storybook's docs. */
export const elementAttributes = /* @__PURE__ */ attributeProps.map((attribute) => ({
  ...attribute,
  description: attributeDescriptions[attribute.prop],
}))

/** HTML's own attributes the element reads; it observes them with the page, not as props. */
export const globalAttributes = [
  {
    name: 'lang',
    description: /* @__PURE__ */ langDescription(supportedLanguages),
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
    name: 'demo-request-ready',
    detail: '{}',
    description:
      'The form is rendered and takes input; methods called before it have been applied. Once per element.',
  },
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
    name: 'demo-request-booked',
    detail: '{ requestId: string }',
    description:
      "The visitor booked a demo time in the booking panel that a route (DEMO_REQUEST_ROUTES) showed after the send, and the scheduler accepted it with nothing left to pay: not for a time the host must still confirm, nor one still to be paid. The panel says so; the lead itself changes only through the scheduler's signed webhook.",
  },
  {
    name: 'demo-request-error',
    detail: "{ kind: 'validation' | 'network' | 'server' | 'load' }",
    description:
      "The submission did not go through; the form keeps every value. With kind 'load', the loader could not fetch a script the element needs (the full widget, or on a page in another language the static form script) and the element shows its own content instead.",
  },
] as const

/** Methods on the element, for scripts on the host page. */
export const elementMethods = [
  {
    name: 'prefill',
    parameters: [
      {
        name: 'values',
        type: '{ firstName?: string; lastName?: string; companyName?: string; companySize?: string; email?: string; phone?: string; role?: string; message?: string }',
      },
    ],
    return: 'void',
    description:
      'Fills the given fields, cleaned and cut to their limits as typed text is; email, phone, role and message when the form has them (DEMO_REQUEST_FIELDS). Throws a TypeError for an unknown field or a value that is not a string, and a RangeError for a company size not among the options, applying nothing. Before demo-request-ready the call waits and is applied then.',
  },
  {
    name: 'reset',
    parameters: [],
    return: 'void',
    description:
      'Empties every field and removes the messages and the toast. Before demo-request-ready the call waits and is applied then, in order with prefill().',
  },
] as const

/** The `::part()` names a host page may style, and what each names. */
export const elementCssParts = [
  { name: 'form', description: 'The form.' },
  { name: 'label', description: "Each field's label." },
  { name: 'input', description: 'Each text field.' },
  { name: 'select', description: 'The company-size select.' },
  { name: 'error', description: 'The message beside a field that needs attention.' },
  { name: 'submit', description: 'The submit button.' },
  { name: 'toast', description: 'The confirmation or failure toast.' },
] as const

/** The `--demo-request-*` properties a host page may set, one per design token. */
export function elementCssProperties() {
  return (Object.keys(tokens) as Token[]).map((token) => ({
    name: tokenProperty(token),
    default: tokens[token],
  }))
}
