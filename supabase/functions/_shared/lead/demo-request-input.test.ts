import { describe, expect, it } from 'vitest'
import {
  expectError,
  functionUrl,
  partner,
  post,
} from '../../../../tests/support/function-requests.ts'
import { sampleSubmission } from '../../../../tests/support/sample-lead.ts'
import { createDemoRequestHandler } from './demo-request-handler.ts'
import type { LeadStore, NewDemoRequest } from './lead-store.ts'

// What the send route reads from a request and refuses, before the lead reaches the store: a
// store that keeps what reaches it stands in for the database.
const valid = sampleSubmission

function send(request: Request, allowedOrigins: readonly string[] = [partner]) {
  const stored: NewDemoRequest[] = []
  const leads: LeadStore = {
    async accept(lead) {
      stored.push(lead)
      return { id: `lead-${stored.length}`, created: false }
    },
    list: async () => [],
    count: async () => 0,
  }
  const handler = createDemoRequestHandler({
    leads,
    clientKeySecret: async () => 'secret',
    dispatch: async () => {},
    afterReply: () => {},
    allowedOrigins,
    rateLimit: { max: 5, globalMax: 1000, windowSeconds: 600 },
    log: () => {},
  })
  return { reply: handler(request), stored }
}

const replyTo = (request: Request) => send(request).reply

async function leadOf(request: Request, allowedOrigins?: readonly string[]) {
  const { reply, stored } = send(request, allowedOrigins)
  const response = await reply
  if (response.status !== 200) throw new Error(`Expected a lead, got ${response.status}`)
  const [lead] = stored
  if (lead === undefined) throw new Error('Expected a lead to reach the store')
  return lead
}

describe('a valid request', () => {
  it('gives the store the trimmed submission, its idempotency key and user agent', async () => {
    const lead = await leadOf(
      post({ ...valid, firstName: '  Ada  ' }, { 'idempotency-key': 'k-1', 'user-agent': 'Test' }),
    )
    // A widget from before languages sends none: its form was English.
    expect(lead).toMatchObject({
      ...valid,
      language: 'en',
      idempotencyKey: 'k-1',
      userAgent: 'Test',
    })
  })
})

describe('origins and CORS', () => {
  it('answers a preflight from an allowed origin with 204 and the CORS headers', async () => {
    const response = await replyTo(
      new Request(functionUrl, { method: 'OPTIONS', headers: { origin: partner } }),
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(partner)
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    const allowed = response.headers.get('access-control-allow-headers')?.split(', ')
    for (const header of [
      'authorization',
      'x-client-info',
      'apikey',
      'content-type',
      'x-retry-count',
      'traceparent',
      'tracestate',
      'baggage',
      'idempotency-key',
    ]) {
      expect(allowed).toContain(header)
    }
  })

  it('refuses an origin outside the allow-list with 403, preflight or not', async () => {
    const evil = 'https://evil.example'
    for (const request of [
      new Request(functionUrl, { method: 'OPTIONS', headers: { origin: evil } }),
      post(valid, { origin: evil }),
      post(valid, { origin: 'null' }),
    ]) {
      const response = await replyTo(request)
      expect(response.status).toBe(403)
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
      expect((await response.json()).error.code).toBe('forbidden_origin')
    }
  })

  it('always allows its own origin, and requests without an origin', async () => {
    await leadOf(post(valid, { origin: 'http://localhost:3000' }), [])
    const request = post(valid)
    request.headers.delete('origin')
    await leadOf(request, [])
  })
})

describe('malformed requests', () => {
  it('answers other methods with 405 and Allow', async () => {
    const response = await replyTo(
      new Request(functionUrl, { method: 'PUT', headers: { origin: partner } }),
    )
    await expectError(response, 405, 'method_not_allowed')
    expect(response.headers.get('allow')).toBe('GET, POST, OPTIONS')
  })

  it('answers a body that is not JSON with 415', async () => {
    await expectError(
      await replyTo(post('firstName=Ada', { 'content-type': 'application/x-www-form-urlencoded' })),
      415,
      'unsupported_media_type',
    )
  })

  it('answers a body over the cap with 413', async () => {
    const big = { ...valid, companyName: 'x'.repeat(17 * 1024) }
    await expectError(await replyTo(post(big)), 413, 'payload_too_large')
  })

  it('stops reading an endless body at the cap', async () => {
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new Uint8Array(1024).fill(32))
      },
    })
    const request = new Request(functionUrl, {
      method: 'POST',
      headers: { origin: partner, 'content-type': 'application/json' },
      body: endless,
      duplex: 'half',
    } as RequestInit)
    await expectError(await replyTo(request), 413, 'payload_too_large')
    expect(pulled).toBeLessThan(40)
  })

  it('answers malformed JSON and non-objects with 400', async () => {
    await expectError(await replyTo(post('{"firstName":')), 400, 'invalid_json')
    await expectError(await replyTo(post('[1,2]')), 400, 'invalid_body')
    await expectError(await replyTo(post('"Ada"')), 400, 'invalid_body')
    await expectError(await replyTo(post('null')), 400, 'invalid_body')
  })

  it('answers invalid fields with 400 and one required message per field (docs/requirements.md#validation)', async () => {
    const body = await expectError(
      await replyTo(post({ firstName: ' ', companySize: 'huge' })),
      400,
      'invalid_fields',
    )
    expect(body.error.fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      companyName: 'Company name is required',
      companySize: 'Please select company size',
    })
  })

  it("puts each invalid field's code beside its English words, for a form in another language", async () => {
    const body = await expectError(
      await replyTo(post({ ...valid, companySize: 'huge', lastName: 'x'.repeat(101) })),
      400,
      'invalid_fields',
    )
    expect(body.error.fields).toEqual({
      lastName: 'Last name must be at most 100 characters',
      companySize: 'Please select company size',
    })
    expect(body.error.codes).toEqual({ lastName: 'tooLong', companySize: 'required' })
  })

  it('refuses a language the form is not written in, naming the rule', async () => {
    const body = await expectError(
      await replyTo(post({ ...valid, language: 'fr' })),
      400,
      'invalid_fields',
    )
    expect(body.error.fields).toEqual({ language: 'Must be one of en, es' })
    expect(body.error.codes).toEqual({ language: 'invalid' })
  })

  it('answers an unusable idempotency key with 400', async () => {
    await expectError(
      await replyTo(post(valid, { 'idempotency-key': 'x'.repeat(201) })),
      400,
      'invalid_idempotency_key',
    )
  })
})
