import { describe, expect, it } from 'vitest'
import { configDefaults, readFunctionConfig } from './function-config.ts'
import { resendApiUrl } from './resend-notifier.ts'

const from = (vars: Record<string, string>) => readFunctionConfig((name) => vars[name])

describe('readFunctionConfig', () => {
  it('falls back to the documented defaults', () => {
    expect(from({})).toEqual({
      allowedOrigins: [],
      rateLimit: { max: 5, windowSeconds: 600 },
      notifyTimeoutMs: 5000,
      databaseRole: 'service_role',
      email: null,
      apiKeys: [],
    })
  })

  it('reads every variable', () => {
    const config = from({
      ALLOWED_ORIGINS: ' https://a.example/, https://b.example ,',
      RATE_LIMIT_MAX: '10',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      NOTIFY_TIMEOUT_MS: '2000',
      DATABASE_ROLE: '',
      RESEND_API_KEY: 're_123',
      NOTIFY_EMAIL_TO: 'a@example.com, b@example.com',
      SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_a","web":" sb_publishable_b "}',
      SUPABASE_ANON_KEY: 'legacy-anon-jwt',
    })
    expect(config).toEqual({
      allowedOrigins: ['https://a.example', 'https://b.example'],
      rateLimit: { max: 10, windowSeconds: 60 },
      notifyTimeoutMs: 2000,
      databaseRole: '',
      email: {
        apiKey: 're_123',
        to: ['a@example.com', 'b@example.com'],
        from: configDefaults.emailFrom,
        apiUrl: resendApiUrl,
      },
      apiKeys: ['sb_publishable_a', 'sb_publishable_b', 'legacy-anon-jwt'],
    })
  })

  it('needs both a key and a recipient to send email', () => {
    expect(from({ RESEND_API_KEY: 're_123' }).email).toBeNull()
    expect(from({ NOTIFY_EMAIL_TO: 'a@example.com' }).email).toBeNull()
  })

  it('refuses publishable keys that are not the JSON object Supabase sets', () => {
    expect(() => from({ SUPABASE_PUBLISHABLE_KEYS: 'sb_publishable_a' })).toThrow(
      'SUPABASE_PUBLISHABLE_KEYS',
    )
    expect(() => from({ SUPABASE_PUBLISHABLE_KEYS: '["sb_publishable_a"]' })).toThrow(
      'SUPABASE_PUBLISHABLE_KEYS',
    )
  })

  it('refuses limits that are not positive whole numbers', () => {
    expect(() => from({ RATE_LIMIT_MAX: '0' })).toThrow('RATE_LIMIT_MAX')
    expect(() => from({ RATE_LIMIT_WINDOW_SECONDS: 'ten' })).toThrow('RATE_LIMIT_WINDOW_SECONDS')
  })
})
