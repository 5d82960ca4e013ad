import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { defaultPublishableKey, defaultSupabaseUrl } from '../../../src/form/config.ts'

// As the site's client: supabase-js refuses to start without a key, the local backend checks none.
const noKeySet = 'no-anon-key-set'

/** Where supabase-js keeps a staff session in localStorage: the console's own entry. */
export const consoleSessionKey = 'demo-request-console-auth'

/**
 * The console's Supabase client, as docs/requirements.md#backend-client configures the site's:
 * the session in localStorage (staff, never visitors), persisted and refreshed automatically.
 * Its own storage key, so a staff session and the site's never share an entry. Links are read
 * by the console itself (accept-sign-in-link.ts), not by supabase-js.
 */
export function consoleSupabase(): SupabaseClient {
  return createClient(defaultSupabaseUrl(), consoleApiKey(), {
    auth: {
      storage: localStorage,
      storageKey: consoleSessionKey,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: false,
    },
  })
}

/** The key the console sends as `apikey`, as its Supabase client does. */
export function consoleApiKey(): string {
  return defaultPublishableKey() || noKeySet
}
