import { expect, it } from 'vitest'
import { defaultIpv6Prefix } from '../supabase/functions/_shared/abuse/client-group.ts'
import { siteCopy } from './site-copy.ts'

// /privacy promises how the rate limits key a visitor; the promise follows the code's default.
it('the privacy notice describes the client keys the function makes', () => {
  const text = JSON.stringify(siteCopy.privacy)
  expect(text).toContain('keyed hash of your IP address, never the address itself')
  expect(text).toContain(`its first ${defaultIpv6Prefix} bits`)
  expect(text).toContain('replaced every day and deleted')
})
