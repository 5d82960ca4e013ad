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

  it('reads ALLOWED_HOSTS as host names, and refuses a URL there, saying what it takes', () => {
    expect(readBackendConfig({}).allowedHosts).toEqual([])
    expect(readBackendConfig({ ALLOWED_HOSTS: ' demo.internal, 10.0.0.5 ,' }).allowedHosts).toEqual(
      ['demo.internal', '10.0.0.5'],
    )
    expect(() => readBackendConfig({ ALLOWED_HOSTS: 'https://demo.example.com' })).toThrow(
      'ALLOWED_HOSTS takes host names, comma-separated (demo.example.com), not "https://demo.example.com"',
    )
  })
})
