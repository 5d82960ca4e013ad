import type { FormFields } from '#core/contact-fields.ts'

/** Where the form sends leads when no attribute or prop says otherwise. */
export function defaultSupabaseUrl(): string {
  // Without a build-time URL, the page's own origin: the local backend serves the function there.
  return import.meta.env.VITE_SUPABASE_URL || globalThis.location?.origin || ''
}

/** The publishable (or legacy anon) key baked in at build time, if any. */
export function defaultPublishableKey(): string {
  return (
    import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY || import.meta.env.VITE_SUPABASE_ANON_KEY || ''
  )
}

/** The privacy notice on `siteUrl` (the main site), or on the page's own origin without one. */
export function privacyUrlOn(siteUrl: string | undefined): string {
  return siteUrl ? new URL('/privacy', siteUrl).href : '/privacy'
}

/** The privacy notice the form links to: `/privacy` on SITE_URL if the build had one, else on the page's origin. */
export function defaultPrivacyUrl(): string {
  return privacyUrlOn(import.meta.env.SITE_URL)
}

/** The contact fields the build gave the form: `DEMO_REQUEST_FIELDS`, none when unset. */
export function configuredFields(): FormFields {
  // Parsed and checked by the build (widget/fields-setting.ts); absent where a build had no plugin.
  return import.meta.env.DEMO_REQUEST_FIELDS ?? []
}
