import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseFormFields } from '#core/contact-fields.ts'
import { honeypot } from '#core/lead-fields.ts'
import { functionUrl, partner, post } from '../../../../tests/support/function-requests.ts'
import { sampleSubmission } from '../../../../tests/support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../../../../tests/support/test-database.ts'
import { createSqlAbuseStore } from '../abuse/sql-abuse-store.ts'
import { parseRoutes } from '../booking/routes.ts'
import { trackPendingWork } from '../http/after-reply.ts'
import { createDemoRequestHandler } from './demo-request-handler.ts'
import { createSqlLeadStore } from './sql-lead-store.ts'

const routes = parseRoutes(
  JSON.stringify([
    { when: { companySize: ['200+ employees'] }, book: 'https://cal.com/acme/demo' },
    {
      when: { companySize: ['50-200 employees'] },
      book: 'https://calendly.com/acme/demo',
    },
    { when: { companySize: ['1-5 employees'] }, message: "Thanks! We'll email you a tour." },
  ]),
)

const lead = (companySize: string, extra: Record<string, string> = {}) => ({
  ...sampleSubmission,
  email: 'ada@lovelace.example',
  companySize,
  ...extra,
})

describe.each(testDatabases)('a routed reply on $name', ({ open, skip }) => {
  let test: TestDatabase
  beforeAll(async () => {
    if (!skip) test = await open()
  }, 60_000)
  afterAll(() => test?.close())
  beforeEach(() => test?.reset())

  const handler = (rules = routes) =>
    createDemoRequestHandler({
      leads: createSqlLeadStore(test.db),
      clientKeySecret: createSqlAbuseStore(test.db).clientKeySecret,
      dispatch: async () => {},
      afterReply: trackPendingWork().afterReply,
      allowedOrigins: [partner],
      rateLimit: { max: 50, globalMax: 1000, windowSeconds: 600 },
      fields: parseFormFields('email'),
      routes: rules,
      log: () => {},
    })
  const send = async (body: unknown, headers: Record<string, string> = {}, rules = routes) => {
    const response = await handler(rules)(post(body, headers))
    expect(response.status).toBe(200)
    return response.json()
  }
  const stored = async () => (await createSqlLeadStore(test.db).list(10))[0]

  it.skipIf(skip)('gives a matched Cal.com rule its page, prefilled, and records it', async () => {
    const body = await send(lead('200+ employees'))
    const url = new URL(body.next.url)
    expect(body).toEqual({
      success: true,
      requestId: expect.any(String),
      next: { kind: 'book', provider: 'cal', url: expect.any(String) },
    })
    expect(url.origin + url.pathname).toBe('https://cal.com/acme/demo')
    expect(url.searchParams.get('name')).toBe('Ada Lovelace')
    expect(url.searchParams.get('email')).toBe('ada@lovelace.example')
    expect(url.searchParams.get('metadata[demoRequestId]')).toBe(body.requestId)
    expect(await stored()).toMatchObject({ id: body.requestId, routeRule: 1 })
  })

  it.skipIf(skip)(
    "names the partner page's host to Calendly, from Origin or else the page",
    async () => {
      const fromOrigin = await send(lead('50-200 employees'))
      const url = new URL(fromOrigin.next.url)
      expect(fromOrigin.next.provider).toBe('calendly')
      expect(url.searchParams.get('embed_domain')).toBe(new URL(partner).host)
      expect(url.searchParams.get('utm_content')).toBe(fromOrigin.requestId)
      const noOrigin = await handler()(
        new Request(functionUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(
            lead('50-200 employees', { pageUrl: 'https://firm.example:8443/x' }),
          ),
        }),
      )
      const { next } = await noOrigin.json()
      expect(new URL(next.url).searchParams.get('embed_domain')).toBe('firm.example:8443')
    },
  )

  it.skipIf(skip)('gives a message rule its message', async () => {
    const body = await send(lead('1-5 employees'))
    expect(body.next).toEqual({ kind: 'message', text: "Thanks! We'll email you a tour." })
    expect((await stored())?.routeRule).toBe(3)
  })

  it.skipIf(skip)(
    "routes by the lead's language, and answers in it, storing it with the lead",
    async () => {
      const spanish = parseRoutes(
        JSON.stringify([
          {
            when: { language: ['es'] },
            message: { en: 'Thanks! We will write.', es: 'Gracias. Le escribiremos.' },
          },
          { message: { en: 'Thanks!', es: 'Gracias.' } },
        ]),
      )
      const body = await send(lead('6-50 employees', { language: 'es' }), {}, spanish)
      expect(body.next).toEqual({ kind: 'message', text: 'Gracias. Le escribiremos.' })
      expect(await stored()).toMatchObject({ language: 'es', routeRule: 1 })
      // An older widget sends no language: stored as English, and answered in it.
      await test.reset()
      const older = await send(lead('6-50 employees'), {}, spanish)
      expect(older.next).toEqual({ kind: 'message', text: 'Thanks!' })
      expect(await stored()).toMatchObject({ language: 'en', routeRule: 2 })
    },
  )

  it.skipIf(skip)(
    "answers exactly today's reply when no rule matches, or none is set",
    async () => {
      expect(await send(lead('6-50 employees'))).toEqual({
        success: true,
        requestId: expect.any(String),
      })
      expect((await stored())?.routeRule).toBeNull()
      expect(await send(lead('200+ employees'), {}, [])).toEqual({
        success: true,
        requestId: expect.any(String),
      })
    },
  )

  it.skipIf(skip)('answers a filled honeypot as it answers a person', async () => {
    const bot = await send(lead('200+ employees', { [honeypot.name]: 'https://spam.example' }))
    expect(bot.next).toMatchObject({ kind: 'book', provider: 'cal' })
    expect(await stored()).toMatchObject({ isSpam: true, routeRule: 1 })
  })

  it.skipIf(skip)(
    "answers a retried key with its first try's reply, however the rules changed",
    async () => {
      const key = { 'idempotency-key': 'routed-1' }
      const first = await send(lead('200+ employees'), key)
      expect(await send(lead('200+ employees'), key)).toEqual(first)
      // Stored before any rule was set: a retry after they are set is not routed after all.
      const unrouted = { 'idempotency-key': 'routed-2' }
      const before = await send(lead('200+ employees'), unrouted, [])
      expect(await send(lead('200+ employees'), unrouted)).toEqual(before)
      expect(await createSqlLeadStore(test.db).count()).toBe(2)
    },
  )
})
