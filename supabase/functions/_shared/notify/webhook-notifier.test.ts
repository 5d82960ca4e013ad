import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type EmailApiStandIn,
  startEmailApiStandIn,
} from '../../../../tests/support/email-api-stand-in.ts'
import { sampleStoredDemoRequest as lead } from '../../../../tests/support/sample-lead.ts'
import { createWebhookNotifier, webhookId } from './webhook-notifier.ts'

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

let api: EmailApiStandIn
beforeAll(async () => {
  api = await startEmailApiStandIn()
})
afterAll(() => api.close())
beforeEach(() => api.reset())

const notifier = (url = api.webhookUrl) => createWebhookNotifier({ url, secret })
const signal = () => new AbortController().signal
const headersOf = (index: number) =>
  Object.fromEntries(
    Object.entries(api.received[index]?.headers ?? {}).map(([name, value]) => [
      name,
      String(value),
    ]),
  )

describe('createWebhookNotifier', () => {
  it('posts the lead as JSON signed by the Standard Webhooks scheme', async () => {
    await notifier().notify(lead, signal())
    const [request] = api.received
    expect(request?.headers['content-type']).toBe('application/json')
    expect(request?.headers['webhook-id']).toBe(webhookId(lead.id))
    const verified = new Webhook(secret).verify(request?.raw ?? '', headersOf(0))
    expect(verified).toEqual({
      type: 'demo_request.created',
      timestamp: lead.createdAt.toISOString(),
      text: 'Demo request: Ada Lovelace, Lovelace &amp; Babbage LLP (6-50 employees), campaign injury-defense-2026',
      data: {
        id: lead.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        companyName: 'Lovelace & Babbage LLP',
        companySize: '6-50 employees',
        email: null,
        phone: null,
        phoneE164: null,
        role: null,
        message: null,
        source: 'widget',
        pageUrl: 'https://partner.example/contact',
        referrer: null,
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'injury-defense-2026',
        utmTerm: null,
        utmContent: null,
        language: 'en',
        createdAt: lead.createdAt.toISOString(),
      },
    })
    // Another secret, or a changed body, does not verify.
    expect(() =>
      new Webhook('whsec_c2VjcmV0LXRoYXQtaXMtbm90LXRoZS1vbmU=').verify(
        request?.raw ?? '',
        headersOf(0),
      ),
    ).toThrow()
  })

  it('sends the same id and body on every attempt', async () => {
    await notifier().notify(lead, signal())
    await notifier().notify({ ...lead }, signal())
    expect(api.received[1]?.raw).toBe(api.received[0]?.raw)
    expect(api.received[1]?.headers['webhook-id']).toBe(api.received[0]?.headers['webhook-id'])
    expect(new Webhook(secret).verify(api.received[1]?.raw ?? '', headersOf(1))).toBeTruthy()
  })

  it('counts a 409 from a receiver that already has the id as accepted', async () => {
    api.script('conflict')
    await expect(notifier().notify(lead, signal())).resolves.toBeUndefined()
  })

  it('rejects an error answer, and gives up when aborted', async () => {
    api.script('fail')
    await expect(notifier().notify(lead, signal())).rejects.toThrow('500')
    api.mode = 'hang'
    await expect(notifier().notify(lead, AbortSignal.timeout(100))).rejects.toThrow()
  })

  it('does not follow a redirect, which would turn the post into a bodiless GET', async () => {
    const redirecting = createWebhookNotifier({
      url: 'http://receiver.example/hook',
      secret,
      fetch: async () => new Response(null, { status: 302, headers: { location: api.url } }),
    })
    await expect(redirecting.notify(lead, signal())).rejects.toThrow('302')
  })
})
