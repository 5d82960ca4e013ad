import { describe, expect, it } from 'vitest'
import { resendApiUrl } from '../notify/resend-notifier.ts'
import { configDefaults, readFunctionConfig } from './function-config.ts'

const from = (vars: Record<string, string>) => readFunctionConfig((name) => vars[name])

describe('readFunctionConfig', () => {
  it('falls back to the documented defaults', () => {
    expect(from({})).toEqual({
      allowedOrigins: [],
      rateLimit: { max: 5, globalMax: 500, windowSeconds: 600, ipv6Prefix: 64 },
      notifyTimeoutMs: 5000,
      notifyMaxAttempts: 16,
      noBookingAlertSeconds: 900,
      deliveryYieldSeconds: 10,
      meetingOutcomeGraceHours: 24,
      quietSourceHours: 24,
      databaseRole: 'service_role',
      email: null,
      webhook: null,
      hubspot: null,
      salesforce: null,
      retrySecret: null,
      apiKeys: [],
      proofOfWork: { min: 12, max: 18 },
      fields: [],
      routes: [],
      ownerRules: [],
      webhookSecrets: { cal: null, calendly: null },
      schedulerApis: { cal: null, calendly: null },
      salesTimeZone: 'UTC',
      analytics: {
        clientMax: 30,
        retentionDays: 400,
        sourcePages: 200,
        originPairs: 1000,
        sourceCampaigns: 50,
      },
      auditRetentionDays: 365,
      auth: { url: null, jwtSecret: null, serviceRoleKey: null },
      chat: { slackWebhookUrl: null, teamsWebhookUrl: null, consoleUrl: null },
    })
  })

  it('reads every variable', () => {
    const config = from({
      ALLOWED_ORIGINS: ' https://a.example/, https://b.example ,',
      RATE_LIMIT_MAX: '10',
      RATE_LIMIT_GLOBAL_MAX: '100',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      RATE_LIMIT_IPV6_PREFIX: '56',
      NOTIFY_TIMEOUT_MS: '2000',
      NOTIFY_MAX_ATTEMPTS: '5',
      NO_BOOKING_ALERT_SECONDS: '600',
      DELIVERY_YIELD_SECONDS: '3',
      MEETING_OUTCOME_GRACE_HOURS: '48',
      QUIET_SOURCE_HOURS: '12',
      DATABASE_ROLE: '',
      RESEND_API_KEY: 're_123',
      NOTIFY_EMAIL_TO: 'a@example.com, b@example.com',
      NOTIFY_WEBHOOK_URL: 'https://hooks.example/leads',
      NOTIFY_WEBHOOK_SECRET: ' whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw ',
      NOTIFY_RETRY_SECRET: 'a-long-enough-retry-secret',
      SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_a","web":" sb_publishable_b "}',
      SUPABASE_ANON_KEY: 'legacy-anon-jwt',
      POW_MIN_BITS: '4',
      POW_MAX_BITS: '9',
      DEMO_REQUEST_FIELDS: 'email, phone?',
      DEMO_REQUEST_ROUTES:
        '[{"when":{"companySize":["200+ employees"]},"book":"https://cal.com/acme/demo"}]',
      LEAD_OWNER_RULES: '[{"when":{"source":["partner-acme"]},"owner":"dana@firm.example"}]',
      CAL_WEBHOOK_SECRET: ' cal-secret ',
      CALENDLY_WEBHOOK_SIGNING_KEY: 'calendly-key',
      CAL_API_KEY: ' cal_live_abc ',
      CAL_API_URL: 'https://cal.firm.example/api/',
      CALENDLY_API_TOKEN: 'calendly-token',
      SALES_TIME_ZONE: 'America/Chicago',
      ANALYTICS_CLIENT_MAX: '60',
      ANALYTICS_RETENTION_DAYS: '800',
      AUDIT_RETENTION_DAYS: '90',
      SUPABASE_URL: 'https://project.supabase.co/',
      AUTH_JWT_SECRET: ' jwt-secret ',
      SUPABASE_SERVICE_ROLE_KEY: 'service-key',
      ANALYTICS_SOURCE_PAGES_MAX: '20',
      ANALYTICS_SOURCE_CAMPAIGNS_MAX: '7',
      ANALYTICS_ORIGIN_PAIRS_MAX: '50',
      SLACK_WEBHOOK_URL: ' https://hooks.slack.com/services/T0/B0/x ',
      TEAMS_WEBHOOK_URL:
        'https://prod-1.westus.logic.azure.com/workflows/1/triggers/manual/paths/invoke?sig=s',
      CONSOLE_URL: 'https://firm.example/console',
      HUBSPOT_ACCESS_TOKEN: 'pat-na1-abc',
      HUBSPOT_API_URL: 'https://api.hubapi.com/',
      HUBSPOT_PIPELINE: '12345',
      HUBSPOT_DEAL_STAGE: '67890',
      HUBSPOT_STATUS_STAGES: '{"won":"67895"}',
      SALESFORCE_URL: 'https://acme.my.salesforce.com',
      SALESFORCE_CLIENT_ID: '3MVG9key',
      SALESFORCE_CLIENT_SECRET: 'sf-secret',
      SALESFORCE_LEAD_ID_FIELD: 'Web_Request_Id__c',
      SALESFORCE_LEAD_STATUSES: '{"won":"Closed - Won"}',
      SALESFORCE_MEETING_OUTCOME_FIELD: 'Demo_Held__c',
    })
    expect(config).toEqual({
      allowedOrigins: ['https://a.example', 'https://b.example'],
      rateLimit: { max: 10, globalMax: 100, windowSeconds: 60, ipv6Prefix: 56 },
      notifyTimeoutMs: 2000,
      notifyMaxAttempts: 5,
      noBookingAlertSeconds: 600,
      deliveryYieldSeconds: 3,
      meetingOutcomeGraceHours: 48,
      quietSourceHours: 12,
      databaseRole: '',
      email: {
        apiKey: 're_123',
        to: ['a@example.com', 'b@example.com'],
        from: configDefaults.emailFrom,
        apiUrl: resendApiUrl,
      },
      webhook: {
        url: 'https://hooks.example/leads',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      },
      hubspot: {
        accessToken: 'pat-na1-abc',
        apiUrl: 'https://api.hubapi.com',
        pipeline: '12345',
        dealStage: '67890',
        statusStages: { new: '67890', won: '67895' },
      },
      salesforce: {
        url: 'https://acme.my.salesforce.com',
        clientId: '3MVG9key',
        clientSecret: 'sf-secret',
        leadIdField: 'Web_Request_Id__c',
        leadStatuses: { won: 'Closed - Won' },
        meetingOutcomeField: 'Demo_Held__c',
      },
      retrySecret: 'a-long-enough-retry-secret',
      apiKeys: ['sb_publishable_a', 'sb_publishable_b', 'legacy-anon-jwt'],
      proofOfWork: { min: 4, max: 9 },
      fields: [
        { name: 'email', required: true },
        { name: 'phone', required: false },
      ],
      routes: [
        {
          rule: 1,
          when: { companySize: ['200+ employees'] },
          kind: 'book',
          book: 'https://cal.com/acme/demo',
          provider: 'cal',
        },
      ],
      ownerRules: [{ when: { source: ['partner-acme'] }, owner: 'dana@firm.example' }],
      webhookSecrets: { cal: 'cal-secret', calendly: 'calendly-key' },
      schedulerApis: {
        cal: { url: 'https://cal.firm.example/api', key: 'cal_live_abc' },
        calendly: { url: 'https://api.calendly.com', key: 'calendly-token' },
      },
      salesTimeZone: 'America/Chicago',
      analytics: {
        clientMax: 60,
        retentionDays: 800,
        sourcePages: 20,
        originPairs: 50,
        sourceCampaigns: 7,
      },
      auditRetentionDays: 90,
      auth: {
        url: 'https://project.supabase.co',
        jwtSecret: 'jwt-secret',
        serviceRoleKey: 'service-key',
      },
      chat: {
        slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/x',
        teamsWebhookUrl:
          'https://prod-1.westus.logic.azure.com/workflows/1/triggers/manual/paths/invoke?sig=s',
        consoleUrl: 'https://firm.example/console',
      },
    })
  })

  it("reads a scheduler's API only with its key, and refuses an address that is no http(s) URL", () => {
    expect(from({ CAL_API_URL: 'http://localhost:5555' }).schedulerApis.cal).toBeNull()
    expect(from({ CAL_API_KEY: 'k' }).schedulerApis.cal).toEqual({
      url: 'https://api.cal.com',
      key: 'k',
    })
    expect(() => from({ CALENDLY_API_URL: 'api.calendly.com' })).toThrow(
      'CALENDLY_API_URL must be an http(s) URL such as https://api.calendly.com, not "api.calendly.com"',
    )
  })

  it('asks proofs of work from 12 to 18 bits unless told otherwise; POW_MAX_BITS=0 asks none', () => {
    expect(from({}).proofOfWork).toEqual({ min: 12, max: 18 })
    expect(from({ POW_MAX_BITS: '0' }).proofOfWork).toBeNull()
    expect(from({ POW_MAX_BITS: '8' }).proofOfWork).toEqual({ min: 8, max: 8 })
    expect(() => from({ POW_MIN_BITS: '20' })).toThrow(
      'POW_MIN_BITS (20) must not be more than POW_MAX_BITS (18)',
    )
    expect(() => from({ POW_MAX_BITS: '33' })).toThrow(
      'POW_MAX_BITS must be a whole number from 0 to 32',
    )
    expect(() => from({ POW_MIN_BITS: 'x' })).toThrow('POW_MIN_BITS must be a whole number')
  })

  it('refuses an analytics limit or retention that is not a positive whole number', () => {
    expect(() => from({ ANALYTICS_CLIENT_MAX: '0' })).toThrow(
      'ANALYTICS_CLIENT_MAX must be a positive whole number, not "0"',
    )
    expect(() => from({ ANALYTICS_RETENTION_DAYS: '1.5' })).toThrow(
      'ANALYTICS_RETENTION_DAYS must be a positive whole number, not "1.5"',
    )
  })

  it('reads ANALYTICS_DAY_PAIRS_MAX, the bound per origin once named for the day, only where its successor is unset', () => {
    expect(from({ ANALYTICS_DAY_PAIRS_MAX: '300' }).analytics.originPairs).toBe(300)
    expect(
      from({ ANALYTICS_DAY_PAIRS_MAX: '300', ANALYTICS_ORIGIN_PAIRS_MAX: '400' }).analytics
        .originPairs,
    ).toBe(400)
    expect(() => from({ ANALYTICS_DAY_PAIRS_MAX: 'x' })).toThrow(
      'ANALYTICS_DAY_PAIRS_MAX must be a positive whole number, not "x"',
    )
  })

  it('refuses an audit retention that is not a positive whole number, or a project address that is no http(s) URL', () => {
    expect(() => from({ AUDIT_RETENTION_DAYS: '-1' })).toThrow(
      'AUDIT_RETENTION_DAYS must be a positive whole number, not "-1"',
    )
    expect(() => from({ SUPABASE_URL: 'project.supabase.co' })).toThrow(
      'SUPABASE_URL must be the project\'s http(s) address, not "project.supabase.co"',
    )
  })

  it('refuses a contact field outside the catalogue, naming the setting', () => {
    expect(() => from({ DEMO_REQUEST_FIELDS: 'email,fax' })).toThrow(
      /^DEMO_REQUEST_FIELDS: "fax" is not a field the form offers/,
    )
  })

  it('refuses routes that are not a valid list, naming the setting', () => {
    expect(() => from({ DEMO_REQUEST_ROUTES: '{"book":"x"}' })).toThrow(
      /^DEMO_REQUEST_ROUTES: must be a JSON list of rules/,
    )
  })

  it('takes an IANA time zone for sales, and refuses anything else', () => {
    expect(from({ SALES_TIME_ZONE: 'europe/london' }).salesTimeZone).toBe('Europe/London')
    expect(() => from({ SALES_TIME_ZONE: 'Central Time' })).toThrow(
      'SALES_TIME_ZONE must be an IANA time zone such as America/Chicago, not "Central Time"',
    )
  })

  it('reads origin patterns, and refuses * or an origin without its scheme', () => {
    const patterns = 'https://*.partner.example, http://localhost:5173'
    expect(from({ ALLOWED_ORIGINS: patterns }).allowedOrigins).toEqual([
      'https://*.partner.example',
      'http://localhost:5173',
    ])
    expect(() => from({ ALLOWED_ORIGINS: '*' })).toThrow('ALLOWED_ORIGINS: "*" allows every site')
    expect(() => from({ ALLOWED_ORIGINS: 'https://a.example, partner.example' })).toThrow(
      'ALLOWED_ORIGINS: "partner.example" needs http:// or https://',
    )
  })

  it('refuses a webhook without a Standard Webhooks secret, or with a bad URL', () => {
    const url = 'https://hooks.example/leads'
    expect(() => from({ NOTIFY_WEBHOOK_URL: url })).toThrow('NOTIFY_WEBHOOK_SECRET')
    expect(() => from({ NOTIFY_WEBHOOK_URL: url, NOTIFY_WEBHOOK_SECRET: 'hunter2' })).toThrow(
      'whsec_',
    )
    expect(() =>
      from({ NOTIFY_WEBHOOK_URL: 'hooks.example', NOTIFY_WEBHOOK_SECRET: 'whsec_aGk=' }),
    ).toThrow('NOTIFY_WEBHOOK_URL')
    // A secret alone sends nothing.
    expect(from({ NOTIFY_WEBHOOK_SECRET: 'whsec_aGk=' }).webhook).toBeNull()
  })

  it('refuses a short retry secret: it guards a public endpoint', () => {
    expect(() => from({ NOTIFY_RETRY_SECRET: 'short' })).toThrow('NOTIFY_RETRY_SECRET')
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

  it('takes an IPv6 prefix from /32 to /128', () => {
    expect(from({ RATE_LIMIT_IPV6_PREFIX: '48' }).rateLimit.ipv6Prefix).toBe(48)
    expect(from({ RATE_LIMIT_IPV6_PREFIX: '128' }).rateLimit.ipv6Prefix).toBe(128)
    for (const value of ['31', '129', '64.5', '/64']) {
      expect(() => from({ RATE_LIMIT_IPV6_PREFIX: value })).toThrow(
        `RATE_LIMIT_IPV6_PREFIX must be a whole number from 32 to 128 (the bits of an IPv6 address that name one client), not "${value}"`,
      )
    }
  })
})
