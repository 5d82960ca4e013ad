import { describe, expect, it } from 'vitest'
import { functionApp, functionHandler } from './function-app.ts'
import { allowedOrigin, type OriginPolicy, preflight } from './origin-policy.ts'

const partner = 'https://partner.example'
const refused: string[] = []
const route = (policy: Partial<OriginPolicy> = {}) =>
  functionHandler(
    functionApp()
      .use(
        allowedOrigin({
          allowedOrigins: ['https://*.partner.example', partner],
          refused: { code: 'forbidden_origin', message: (origin) => `Not ${origin}.` },
          onRefused: (origin) => refused.push(origin),
          ...policy,
        }),
      )
      .options('/', preflight)
      .post('/', (c) => c.json({ cors: c.get('cors') ?? null })),
  )
const call = (origin: string | null, method = 'POST') =>
  new Request('http://localhost:3000/', {
    method,
    headers: origin === null ? {} : { origin },
  })

describe('allowedOrigin', () => {
  it('answers an allowed page, and its own origin, with CORS headers for it', async () => {
    for (const origin of [partner, 'https://shop.partner.example', 'http://localhost:3000']) {
      const reply = await route()(call(origin, 'OPTIONS'))
      expect(reply.status).toBe(204)
      expect(reply.headers.get('access-control-allow-origin')).toBe(origin)
    }
  })

  it('refuses any other page with 403 and no Access-Control-Allow-Origin, telling onRefused', async () => {
    const reply = await route()(call('https://elsewhere.example'))
    expect(reply.status).toBe(403)
    expect(reply.headers.get('access-control-allow-origin')).toBeNull()
    expect(reply.headers.get('vary')).toBe('Origin')
    expect(await reply.json()).toMatchObject({
      error: { code: 'forbidden_origin', message: 'Not https://elsewhere.example.' },
    })
    expect(refused).toContain('https://elsewhere.example')
  })

  it('lets a request with no Origin through, unless the route requires one', async () => {
    expect((await route()(call(null))).status).toBe(200)
    const reply = await route({ requireOrigin: true })(call(null))
    expect(reply.status).toBe(403)
    expect((await reply.json()).error.message).toBe('Not null.')
  })

  it('takes Origin: null only where the route checks the page itself, never echoing it', async () => {
    expect((await route()(call('null'))).status).toBe(403)
    const reply = await route({ opaqueOrigin: true })(call('null'))
    expect(reply.status).toBe(200)
    expect((await reply.json()).cors['access-control-allow-origin']).toBeUndefined()
  })
})
