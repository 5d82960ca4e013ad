import type { AuthChangeEvent, Session } from '@supabase/supabase-js'
import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js'
import type { ConsoleAuth } from '../../site/console/console-auth.ts'

/** How the fake Supabase Auth answers: who is invited, the code and link it accepts. */
export interface FakeAuthOptions {
  /** Signed in from the start as this email. */
  signedInAs?: string
  invited?: string[]
  code?: string
  tokenHash?: string
  /** Every call fails as supabase-js does when the server cannot be reached. */
  offline?: boolean
  /**
   * How long ago the invited people's last email went out (an invitation, say): within Supabase
   * Auth's 60 s resend window, asking for another is refused as Auth refuses it.
   */
  lastSentSecondsAgo?: number
}

// Supabase Auth's resend window, SMTP max frequency, by default.
const resendWindowSeconds = 60

/** A call the console made, for tests to read. */
export interface AuthCall {
  method: keyof ConsoleAuth
  args: unknown[]
}

type Listener = (event: AuthChangeEvent, session: Session | null) => void

const sessionOf = (email: string): Session =>
  ({
    access_token: `token-of-${email}`,
    refresh_token: 'refresh',
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: `user-${email}`, email, aud: 'authenticated', app_metadata: {}, user_metadata: {} },
  }) as Session

/**
 * Supabase Auth as supabase-js's `auth` answers the console, in memory, with its error classes
 * and codes (`otp_disabled` for an email with no account, `otp_expired` for a wrong code or a
 * used link, `over_email_send_rate_limit` for an email asked again too soon), for stories and
 * tests without a Supabase project.
 */
export function fakeConsoleAuth(options: FakeAuthOptions = {}): ConsoleAuth & {
  calls: AuthCall[]
} {
  const calls: AuthCall[] = []
  const listeners = new Set<Listener>()
  let session = options.signedInAs ? sessionOf(options.signedInAs) : null
  const offline = () => new AuthRetryableFetchError('Failed to fetch', 0)
  const change = (event: AuthChangeEvent) => {
    for (const listener of listeners) listener(event, session)
  }
  const signIn = (email: string) => {
    session = sessionOf(email)
    change('SIGNED_IN')
    return { data: { user: session.user, session }, error: null }
  }
  const refused = () => ({
    data: { user: null, session: null },
    error: new AuthApiError('Token has expired or is invalid', 403, 'otp_expired'),
  })

  const auth = {
    calls,
    async getSession() {
      calls.push({ method: 'getSession', args: [] })
      return { data: { session }, error: null }
    },
    async signInWithOtp(credentials: { email?: string }) {
      calls.push({ method: 'signInWithOtp', args: [credentials] })
      if (options.offline) return { data: { user: null, session: null }, error: offline() }
      if (!options.invited?.includes(credentials.email ?? '')) {
        return {
          data: { user: null, session: null },
          error: new AuthApiError('Signups not allowed for otp', 422, 'otp_disabled'),
        }
      }
      const ago = options.lastSentSecondsAgo
      if (ago !== undefined && ago < resendWindowSeconds) {
        const wait = resendWindowSeconds - ago
        return {
          data: { user: null, session: null },
          error: new AuthApiError(
            `For security purposes, you can only request this after ${wait} seconds.`,
            429,
            'over_email_send_rate_limit',
          ),
        }
      }
      return { data: { user: null, session: null }, error: null }
    },
    async verifyOtp(params: { email?: string; token?: string; token_hash?: string }) {
      calls.push({ method: 'verifyOtp', args: [params] })
      if (options.offline) return { data: { user: null, session: null }, error: offline() }
      if (params.token_hash) {
        return params.token_hash === options.tokenHash
          ? signIn(options.invited?.[0] ?? 'owner@firm.example')
          : refused()
      }
      return params.token === options.code && params.email ? signIn(params.email) : refused()
    },
    async signOut(scope?: unknown) {
      calls.push({ method: 'signOut', args: [scope] })
      session = null
      change('SIGNED_OUT')
      return { error: null }
    },
    onAuthStateChange(listener: Listener) {
      calls.push({ method: 'onAuthStateChange', args: [] })
      listeners.add(listener)
      return {
        data: {
          subscription: {
            id: String(listeners.size),
            callback: listener,
            unsubscribe: () => listeners.delete(listener),
          },
        },
      }
    },
  }
  // The fake answers the calls the console makes; supabase-js's overloads ask for more.
  return auth as unknown as ConsoleAuth & { calls: AuthCall[] }
}
