import { defaultSupabaseUrl } from '../../src/form/config.ts'
import { createConsoleClient } from './console-client.ts'
import type { ConsoleDeps } from './console-deps.ts'
import { consoleApiKey, consoleSupabase } from './sign-in/console-supabase.ts'

/** The console's real parts in a browser: supabase-js, the console function, this address. */
export function browserConsoleDeps(): ConsoleDeps {
  const { auth } = consoleSupabase()
  return {
    auth,
    createApi: (onSignedOut) =>
      createConsoleClient({
        supabaseUrl: defaultSupabaseUrl(),
        apikey: consoleApiKey(),
        auth,
        onSignedOut,
      }),
    redirectTo: new URL('/console', location.origin).href,
    href: () => location.href,
    replaceUrl: (url) => history.replaceState(history.state, '', url),
    roleMemory: localStorage,
  }
}
