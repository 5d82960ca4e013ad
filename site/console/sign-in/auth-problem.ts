import { isAuthApiError, isAuthRetryableFetchError } from '@supabase/supabase-js'
import { consoleCopy } from '../console-copy.ts'

type Problem = keyof typeof consoleCopy.problems

// Supabase Auth's codes (supabase/auth's apierrors), by what the person can do about each.
const problemOfCode: Record<string, Problem> = {
  otp_disabled: 'notInvited',
  signup_disabled: 'notInvited',
  user_not_found: 'notInvited',
  email_address_not_authorized: 'notInvited',
  otp_expired: 'codeWrong',
  over_request_rate_limit: 'tooMany',
  // Within a person's resend window this code means a link was just sent (resend-wait.ts);
  // otherwise the project has sent all the emails its hour allows.
  over_email_send_rate_limit: 'emailsPaused',
}

/**
 * What went wrong with a sign-in step, in words that say what to do. `step` tells a code typed
 * in from a link followed, whose expiry reads differently.
 */
export function authProblem(error: unknown, step: 'email' | 'code' | 'link'): string {
  const words = consoleCopy.problems
  if (isAuthRetryableFetchError(error)) return words.network
  if (error instanceof TypeError) return words.network
  if (isAuthApiError(error) || (error && typeof error === 'object' && 'code' in error)) {
    const { code, status } = error as { code?: string; status?: number }
    if (status !== undefined && status >= 500) return words.network
    const problem = code ? problemOfCode[code] : undefined
    if (problem === 'codeWrong' && step === 'link') return words.linkExpired
    if (problem) return words[problem]
    // Without a code (older servers), a refused code or link is a 4xx on the verify step.
    if (step === 'code' && status !== undefined && status < 500) return words.codeWrong
    if (step === 'link' && status !== undefined && status < 500) return words.linkExpired
  }
  return words.unknown
}
