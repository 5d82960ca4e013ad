import type { ConsoleAuth } from '../console-auth.ts'
import { authProblem } from './auth-problem.ts'
import { signInLinkIn, withoutSignInLink } from './sign-in-link.ts'

/** What following a sign-in link came to: no link, signed in, or why not. */
export type LinkOutcome = { followed: false } | { followed: true; problem: string | null }

/**
 * Verifies the one-time token of a sign-in link in `href`, after taking it out of the address
 * (`replaceUrl`, history.replaceState in the page): a token is used once, so it must not stay to
 * be reloaded, bookmarked or shared. supabase-js's own detection is off (detectSessionInUrl) as
 * it reads PKCE codes and fragments, not the token_hash the console's email template sends.
 */
export async function acceptSignInLink(
  auth: ConsoleAuth,
  href: string,
  replaceUrl: (url: string) => void,
): Promise<LinkOutcome> {
  const url = new URL(href)
  const link = signInLinkIn(url)
  if (!link) return { followed: false }
  replaceUrl(withoutSignInLink(url))
  try {
    const { error } = await auth.verifyOtp({ token_hash: link.tokenHash, type: link.type })
    return { followed: true, problem: error ? authProblem(error, 'link') : null }
  } catch (error) {
    return { followed: true, problem: authProblem(error, 'link') }
  }
}
