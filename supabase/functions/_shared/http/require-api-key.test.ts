import { describe, expect, it } from 'vitest'
import { functionUrl, partner } from '../../../../tests/support/function-requests.ts'
import { functionApp, functionHandler } from './function-app.ts'
import { requireApiKey } from './require-api-key.ts'

const publishable = 'sb_publishable_test'
const anon = 'legacy-anon-jwt'

// The route behind it only says it was reached; what it does is the handler's tests' business.
const guardedBy = (keys: readonly string[]) =>
  functionHandler(
    functionApp()
      .use(requireApiKey(keys))
      .all('/', (c) => c.text('reached')),
  )
const guarded = guardedBy([publishable, anon])

const call = (method: string, headers: Record<string, string> = {}, handler = guarded) =>
  handler(
    new Request(functionUrl, {
      method,
      headers: { origin: partner, ...headers },
      ...(method === 'POST' && { body: '{}' }),
    }),
  )

describe('requireApiKey', () => {
  it('lets through the publishable key and the legacy anon key', async () => {
    expect(await (await call('POST', { apikey: publishable })).text()).toBe('reached')
    expect(await (await call('POST', { apikey: anon })).text()).toBe('reached')
  })

  it('lets preflights through: browsers send them without the header', async () => {
    expect(await (await call('OPTIONS')).text()).toBe('reached')
  })

  it('refuses a call without a key with a 401 the widget can read', async () => {
    const reply = await call('POST')
    expect(reply.status).toBe(401)
    expect(reply.headers.get('access-control-allow-origin')).toBe(partner)
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await reply.json()).toEqual({
      success: false,
      error: { code: 'missing_api_key', message: expect.any(String) },
    })
  })

  it('refuses another key, even with an accepted one as the bearer token', async () => {
    const reply = await call('POST', {
      apikey: 'sb_publishable_other',
      authorization: `Bearer ${anon}`,
    })
    expect(reply.status).toBe(401)
    expect((await reply.json()).error.code).toBe('invalid_api_key')
  })

  it('refuses every call when no key is accepted, as a function left unconfigured must', async () => {
    const unconfigured = guardedBy([])
    expect((await call('POST', { apikey: '' }, unconfigured)).status).toBe(401)
    expect((await call('POST', { apikey: publishable }, unconfigured)).status).toBe(401)
  })
})
