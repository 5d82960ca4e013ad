/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string
  readonly VITE_SUPABASE_PUBLISHABLE_KEY?: string
  readonly VITE_SUPABASE_ANON_KEY?: string
  /** The site's public origin; the root Vite config exposes it to the widget's builds. */
  readonly SITE_URL?: string
  /** The form's contact fields, as the build read DEMO_REQUEST_FIELDS (widget/fields-setting.ts). */
  readonly DEMO_REQUEST_FIELDS?: import('./core/contact-fields.ts').FormFields
}

/**
 * The schedulers DEMO_REQUEST_ROUTES books with (`cal,calendly`), for the site's privacy notice;
 * defined by site/scheduling-setting.ts, absent where another build renders the page.
 */
declare const __DEMO_REQUEST_SCHEDULERS__: string | undefined

/**
 * The days the function keeps its funnel counts (ANALYTICS_RETENTION_DAYS), for the site's
 * privacy notice; defined by site/scheduling-setting.ts, absent where another build renders it.
 */
declare const __ANALYTICS_RETENTION_DAYS__: number | undefined
