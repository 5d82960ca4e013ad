import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type EmailApiStandIn,
  startEmailApiStandIn,
} from '../../../../tests/support/email-api-stand-in.ts'
import { sampleStoredDemoRequest as lead } from '../../../../tests/support/sample-lead.ts'
import { createResendNotifier } from './resend-notifier.ts'

let api: EmailApiStandIn
beforeAll(async () => {
  api = await startEmailApiStandIn()
})
afterAll(() => api.close())
beforeEach(() => api.reset())

const notifier = () =>
  createResendNotifier({
    apiKey: 're_test',
    to: ['sales@example.com'],
    from: 'Leads <leads@example.com>',
    apiUrl: api.url,
  })

describe('createResendNotifier', () => {
  it('posts one email with the key, recipients and an idempotency key per lead', async () => {
    await notifier().notify(lead, new AbortController().signal)
    expect(api.received).toHaveLength(1)
    const [email] = api.received
    expect(email?.headers.authorization).toBe('Bearer re_test')
    expect(email?.headers['idempotency-key']).toBe(`demo-request-${lead.id}`)
    expect(email?.body).toMatchObject({
      from: 'Leads <leads@example.com>',
      to: ['sales@example.com'],
      subject: 'Demo request: Ada Lovelace, Lovelace & Babbage LLP',
    })
    expect(email?.body.html).toContain('Lovelace &amp; Babbage LLP')
    expect(email?.body).not.toHaveProperty('reply_to')
  })

  it('sets reply_to to the lead’s own email, so sales answer in one click', async () => {
    await notifier().notify(
      { ...lead, email: 'ada@lovelace.example', phone: '+44 20 7946 0000' },
      new AbortController().signal,
    )
    expect(api.received[0]?.body).toMatchObject({
      reply_to: 'ada@lovelace.example',
      subject:
        'Demo request: Ada Lovelace, Lovelace & Babbage LLP, ada@lovelace.example, +44 20 7946 0000',
    })
  })

  it('sends the same request on every attempt: body and key come from the lead alone', async () => {
    api.mode = 'fail'
    await expect(notifier().notify(lead, new AbortController().signal)).rejects.toThrow('500')
    api.mode = 'accept'
    await notifier().notify({ ...lead }, new AbortController().signal)
    const [first, second] = api.received
    expect(second?.raw).toBe(first?.raw)
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key'])
  })

  it('resolves on a 409 for a key already used: that email went out', async () => {
    api.script('conflict')
    await expect(notifier().notify(lead, new AbortController().signal)).resolves.toBeUndefined()
  })

  it('rejects a 409 while an attempt with the key is still in progress', async () => {
    api.script('late')
    await expect(notifier().notify(lead, AbortSignal.timeout(100))).rejects.toThrow()
    await expect(notifier().notify(lead, new AbortController().signal)).rejects.toThrow(
      'still sending',
    )
    api.releaseLate()
    await expect(notifier().notify(lead, new AbortController().signal)).resolves.toBeUndefined()
    expect(api.delivered).toHaveLength(1)
  })

  it('rejects when the API answers with an error', async () => {
    api.mode = 'fail'
    await expect(notifier().notify(lead, new AbortController().signal)).rejects.toThrow('500')
  })

  it('gives up when aborted while the API hangs', async () => {
    api.mode = 'hang'
    await expect(notifier().notify(lead, AbortSignal.timeout(100))).rejects.toThrow()
  })
})
