/** Where the form sends leads when no attribute or prop says otherwise. */
export function defaultSupabaseUrl(): string {
  // Without a build-time URL, the page's own origin: the local backend serves the function there.
  return import.meta.env.VITE_SUPABASE_URL || globalThis.location?.origin || ''
}

/** The anon key baked in at build time, if any. */
export function defaultAnonKey(): string {
  return import.meta.env.VITE_SUPABASE_ANON_KEY || ''
}
