import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { resendWait } from './resend-wait.ts'

const refusal = (message: string, code = 'over_email_send_rate_limit') =>
  new AuthApiError(message, 429, code)

describe('a sign-in email asked for again within the resend window', () => {
  it('is told by Supabase Auth’s words, with the seconds it gives', () => {
    const again = refusal('For security purposes, you can only request this after 42 seconds.')
    expect(resendWait(again)).toBe(42)
    expect(
      resendWait(refusal('For security purposes, you can only request this after 1 second.')),
    ).toBe(1)
  })

  it('waits the whole window where older releases give no seconds', () => {
    const older = refusal('For security purposes, you can only request this once every 60 seconds')
    expect(resendWait(older)).toBe(60)
  })

  it('is not the project’s hourly cap on emails, the request limit, or any other error', () => {
    expect(resendWait(refusal('Email rate limit exceeded'))).toBeNull()
    expect(resendWait(refusal('Request rate limit reached', 'over_request_rate_limit'))).toBeNull()
    expect(
      resendWait(
        refusal(
          'For security purposes, you can only request this after 42 seconds.',
          'over_request_rate_limit',
        ),
      ),
    ).toBeNull()
    expect(
      resendWait(new AuthApiError('Signups not allowed for otp', 422, 'otp_disabled')),
    ).toBeNull()
    expect(resendWait(new AuthRetryableFetchError('Failed to fetch', 0))).toBeNull()
    expect(resendWait(new TypeError('Failed to fetch'))).toBeNull()
    expect(resendWait(null)).toBeNull()
  })
})
