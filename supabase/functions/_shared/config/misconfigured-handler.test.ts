import { describe, expect, it } from 'vitest'
import { createMisconfiguredHandler } from './misconfigured-handler.ts'

describe('the misconfigured handler', () => {
  const origin = 'https://partner.example'
  const handler = createMisconfiguredHandler()

  it('answers a post with 503 JSON that a page on any origin can read', async () => {
    const response = await handler(
      new Request('http://function.test/', { method: 'POST', headers: { origin }, body: '{}' }),
    )
    expect(response.status).toBe(503)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    expect(await response.json()).toEqual({
      success: false,
      error: { code: 'misconfigured', message: expect.stringContaining('try again later') },
    })
  })

  it('lets the preflight pass, so the browser sends the post and reads its 503', async () => {
    const response = await handler(
      new Request('http://function.test/', { method: 'OPTIONS', headers: { origin } }),
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    expect(response.headers.get('access-control-allow-headers')).toContain('apikey')
  })
})
