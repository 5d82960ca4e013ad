import { describe, expect, it } from 'vitest'
import { functionApp, functionHandler } from './function-app.ts'
import { jsonBody } from './json-body.ts'
import { Refusal } from './refusal.ts'

const refusals = {
  mediaType: { status: 415, code: 'unsupported_media_type', message: 'JSON, please.' },
  tooLarge: { status: 413, code: 'payload_too_large', message: 'Too large.' },
  invalidJson: { status: 400, code: 'invalid_json', message: 'Not JSON.' },
}
const named = (input: unknown) => {
  if (typeof input === 'object' && input !== null && 'name' in input) return input
  throw new Refusal(400, 'invalid_body', 'Name someone.')
}
// A route that echoes the body it was given, once checked.
const route = (options: Partial<Parameters<typeof jsonBody>[1]> = {}) =>
  functionHandler(
    functionApp().post(
      '/',
      jsonBody(named, { maxBytes: 64, mediaTypes: ['application/json'], refusals, ...options }),
      (c) => c.json(c.req.valid('json')),
    ),
  )
const post = (body: BodyInit | null, type = 'application/json') =>
  new Request('http://localhost/', { method: 'POST', headers: { 'content-type': type }, body })

describe('jsonBody', () => {
  it('hands the checked body to the handler', async () => {
    const reply = await route()(post('{"name":"Ada"}'))
    expect(await reply.json()).toEqual({ name: 'Ada' })
  })

  it.each([
    ['another media type', post('{"name":"Ada"}', 'text/plain'), 415, 'unsupported_media_type'],
    ['a body over the cap', post(`{"name":"${'x'.repeat(64)}"}`), 413, 'payload_too_large'],
    ['a body that is no JSON', post('{"name":'), 400, 'invalid_json'],
    ['a body its check refuses', post('{"nobody":1}'), 400, 'invalid_body'],
  ])('refuses %s in the route’s words', async (_, request, status, code) => {
    const reply = await route()(request)
    expect(reply.status).toBe(status)
    expect((await reply.json()).error.code).toBe(code)
  })

  it('stops reading at the cap, whatever the body would go on to send', async () => {
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new Uint8Array(16).fill(32))
      },
    })
    const request = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: endless,
      duplex: 'half',
    } as RequestInit)
    expect((await route()(request)).status).toBe(413)
    expect(pulled).toBeLessThan(10)
  })

  it('reads an empty body as whenEmpty, where the route takes one, and any media type without a list', async () => {
    const reply = await route({ mediaTypes: undefined, whenEmpty: { name: 'nobody' } })(
      post(null, 'text/plain'),
    )
    expect(await reply.json()).toEqual({ name: 'nobody' })
  })
})
