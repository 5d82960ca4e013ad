import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { fakeConsoleAuth } from '../../../tests/support/fake-console-auth.ts'
import { consoleCopy } from '../console-copy.ts'
import { acceptSignInLink } from './accept-sign-in-link.ts'
import { authProblem } from './auth-problem.ts'

const origin = 'https://firm.example'

describe('a sign-in link to /console', () => {
  it('is verified by its token hash and taken out of the address, other parameters kept', async () => {
    const auth = fakeConsoleAuth({ invited: ['sales@firm.example'], tokenHash: 'hash-1' })
    const replaced: string[] = []
    const outcome = await acceptSignInLink(
      auth,
      `${origin}/console?view=leads&token_hash=hash-1&type=magiclink#top`,
      (url) => replaced.push(url),
    )
    expect(outcome).toEqual({ followed: true, problem: null })
    expect(auth.calls.find((call) => call.method === 'verifyOtp')?.args).toEqual([
      { token_hash: 'hash-1', type: 'magiclink' },
    ])
    expect(replaced).toEqual(['/console?view=leads#top'])
    expect((await auth.getSession()).data.session?.user.email).toBe('sales@firm.example')
  })

  it('takes an invitation the same way', async () => {
    const auth = fakeConsoleAuth({ invited: ['new@firm.example'], tokenHash: 'hash-2' })
    const outcome = await acceptSignInLink(
      auth,
      `${origin}/console?token_hash=hash-2&type=invite`,
      () => {},
    )
    expect(outcome).toEqual({ followed: true, problem: null })
  })

  it('says a used or expired link is, and still removes it from the address', async () => {
    const auth = fakeConsoleAuth({ tokenHash: 'current' })
    const replaced: string[] = []
    const outcome = await acceptSignInLink(
      auth,
      `${origin}/console?token_hash=used&type=email`,
      (url) => replaced.push(url),
    )
    expect(outcome).toEqual({ followed: true, problem: consoleCopy.problems.linkExpired })
    expect(replaced).toEqual(['/console'])
  })

  it('leaves an address without a link, or with an unknown type, alone', async () => {
    const auth = fakeConsoleAuth()
    const replaced: string[] = []
    for (const href of [
      `${origin}/console?view=audit`,
      `${origin}/console?token_hash=x&type=sms`,
    ]) {
      expect(await acceptSignInLink(auth, href, (url) => replaced.push(url))).toEqual({
        followed: false,
      })
    }
    expect(replaced).toEqual([])
    expect(auth.calls.some((call) => call.method === 'verifyOtp')).toBe(false)
  })
})

describe('sign-in problems, in words that say what to do', () => {
  it('tells an email without an invitation, a wrong code, a dropped connection and the limits apart', () => {
    const words = consoleCopy.problems
    const noAccount = new AuthApiError('Signups not allowed for otp', 422, 'otp_disabled')
    expect(authProblem(noAccount, 'email')).toBe(words.notInvited)
    const expired = new AuthApiError('Token has expired or is invalid', 403, 'otp_expired')
    expect(authProblem(expired, 'code')).toBe(words.codeWrong)
    expect(authProblem(expired, 'link')).toBe(words.linkExpired)
    expect(authProblem(new AuthRetryableFetchError('Failed to fetch', 0), 'email')).toBe(
      words.network,
    )
    const limited = new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit')
    expect(authProblem(limited, 'email')).toBe(words.tooMany)
    const capped = new AuthApiError('Email rate limit exceeded', 429, 'over_email_send_rate_limit')
    expect(authProblem(capped, 'email')).toBe(words.emailsPaused)
  })
})
