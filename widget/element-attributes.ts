/**
 * The element's attributes, each with the form prop it sets: all the widget reads of them (the
 * live form, the loader's build). Apart from their descriptions (element-api.ts), which only the
 * docs, the manifest and editors read, so the full widget carries none of those words.
 */
export const attributeProps = [
  { name: 'supabase-url', prop: 'supabaseUrl' },
  { name: 'publishable-key', prop: 'publishableKey' },
  { name: 'anon-key', prop: 'anonKey' },
  { name: 'source', prop: 'source' },
  { name: 'analytics', prop: 'analytics' },
  { name: 'privacy-url', prop: 'privacyUrl' },
] as const
