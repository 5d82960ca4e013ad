import type { FormFields } from '#core/contact-fields.ts'
import type { Language } from '#core/languages.ts'
import type { ContactFieldName, RequiredFieldName } from '#core/lead-fields.ts'
import type { FunctionsInvoker } from '../submission/functions-client.ts'

/** What the form's fields hold: the four every form has, and any contact fields. */
export type DemoRequestValues = Record<RequiredFieldName, string> &
  Partial<Record<ContactFieldName, string>>

export type DemoRequestFormProps = {
  /** The Supabase project URL; defaults to `VITE_SUPABASE_URL`, else the page's origin. */
  supabaseUrl?: string
  /**
   * The project's publishable key (`sb_publishable_…`); defaults to
   * `VITE_SUPABASE_PUBLISHABLE_KEY`, else `VITE_SUPABASE_ANON_KEY`.
   */
  publishableKey?: string
  /** The project's legacy anon key: used when `publishableKey` is not set. */
  anonKey?: string
  /** Free text stored with the lead, such as a partner's name. */
  source?: string
  /** `'off'` (in any case): the form counts nothing on this page and sends no events (docs/analytics.md). */
  analytics?: string
  /** The privacy notice the form links to; defaults to `/privacy` on SITE_URL, else the page's origin. */
  privacyUrl?: string
  /** A Functions client to call instead, e.g. a site's own `supabase.functions`. */
  functions?: FunctionsInvoker
  /**
   * The contact fields after the four (docs/requirements.md#contact-fields); defaults to what DEMO_REQUEST_FIELDS
   * was at build time. The function must be given the same.
   */
  fields?: FormFields
  /** Values shown on first render; from then on the fields hold their own. */
  initialValues?: Partial<DemoRequestValues>
  /** How long a call may take before it fails. */
  timeoutMs?: number
  /** How long a toast stays before it leaves on its own. */
  toastDurationMs?: number
  /**
   * `'static'`: the form as drawn to HTML at build time (src/form/static-form.ts), shown before
   * JavaScript: without the honeypot and the toasts, and with a button that sends nothing.
   */
  drawing?: 'live' | 'static'
  /**
   * The language of every word the form shows, its messages, toasts and booking panel included;
   * switched at any time without touching what was typed. Defaults to the surrounding
   * `FormLanguage`, else English. The element gives the page's (page-language.ts).
   */
  language?: Language
}
