import { createContext, use } from 'react'
import type { ConsoleApi } from './console-api-port.ts'
import type { ConsoleAuth } from './console-auth.ts'

/**
 * What the console reaches outside itself, given to it rather than reached for: supabase-js and
 * the HTTP client in the page, fakes in the stories and tests.
 */
export interface ConsoleDeps {
  auth: ConsoleAuth
  /** The API as the signed-in person; `onSignedOut` is told when it answers 401. */
  createApi: (onSignedOut: (message: string) => void) => ConsoleApi
  /** The address sign-in links lead back to: `<origin>/console`. */
  redirectTo: string
  /** The page's address now, and how to change it without a navigation (history.replaceState). */
  href: () => string
  replaceUrl: (url: string) => void
  /**
   * Where the console notes the role last signed in on this device (localStorage: staff, never
   * visitors), so the next visit asks only for what that role's first view shows. None: it asks
   * as for a role with the leads list.
   */
  roleMemory?: Pick<Storage, 'getItem' | 'setItem'>
}

export const ConsoleDepsContext = createContext<ConsoleDeps | null>(null)
export const ConsoleApiContext = createContext<ConsoleApi | null>(null)

/** The console's API as the signed-in person; only views under the signed-in shell ask. */
export function useConsoleApi(): ConsoleApi {
  const api = use(ConsoleApiContext)
  if (!api) throw new Error('useConsoleApi outside the signed-in console')
  return api
}

export function useConsoleDeps(): ConsoleDeps {
  const deps = use(ConsoleDepsContext)
  if (!deps) throw new Error('useConsoleDeps outside ConsoleDepsContext')
  return deps
}
