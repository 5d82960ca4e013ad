import { describe, expect, it } from 'vitest'
import { apiKeyHeaders } from './send-demo-request.ts'

// A legacy anon key is a JWT: three base64url parts.
const legacyAnonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJlLW5vdC1jaGVja2Vk'

describe('apiKeyHeaders', () => {
  it('sends a publishable key in apikey only: it is not a JWT', () => {
    expect(apiKeyHeaders('sb_publishable_abc123')).toEqual({ apikey: 'sb_publishable_abc123' })
  })

  it('sends a legacy anon key in apikey and as the bearer token', () => {
    expect(apiKeyHeaders(legacyAnonKey)).toEqual({
      apikey: legacyAnonKey,
      Authorization: `Bearer ${legacyAnonKey}`,
    })
  })

  it('sends nothing without a key', () => {
    expect(apiKeyHeaders('')).toEqual({})
  })
})
