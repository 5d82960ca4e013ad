import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { defaultPublishableKey, defaultSupabaseUrl } from '../src/form/config.ts'

// supabase-js refuses to start without a key; the local backend checks none. Deployed builds
// set VITE_SUPABASE_PUBLISHABLE_KEY (or VITE_SUPABASE_ANON_KEY), which the function checks.
const noKeySet = 'no-anon-key-set'

let client: SupabaseClient | undefined

/**
 * The site's Supabase client as docs/requirements.md#backend-client configures it: the project URL and public
 * anon key, the session kept in localStorage, persisted and refreshed automatically. One per
 * page; only /request-demo loads this module, so no other page pays for supabase-js.
 */
export function siteSupabase(): SupabaseClient {
  client ??= createClient(defaultSupabaseUrl(), defaultPublishableKey() || noKeySet, {
    auth: { storage: localStorage, persistSession: true, autoRefreshToken: true },
  })
  return client
}
