import { describe, expect, it } from 'vitest'
import { readBackendConfig } from './config.ts'

describe('readBackendConfig', () => {
  it('checks no key when given none, so the widget built without one can post', () => {
    expect(readBackendConfig({}).apiKeys).toBeNull()
  })

  it('checks the keys it is given, as the deployed function does', () => {
    expect(readBackendConfig({ SUPABASE_ANON_KEY: 'legacy-anon-jwt' }).apiKeys).toEqual([
      'legacy-anon-jwt',
    ])
  })
})
