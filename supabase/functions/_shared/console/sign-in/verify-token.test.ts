import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokenVerifier } from './verify-token.ts'

const sub = '6a1f4b1e-1c1d-4c36-9a43-7b1e4f1f6a11'
const session = '2b7c0e51-8d1a-4f0e-b6a2-3c9d5e7f1a24'
type Key = Parameters<SignJWT['sign']>[0]

const token = (key: Key, alg: string, claims: Record<string, unknown> = {}, kid = 'key-1') =>
  new SignJWT({ sub, role: 'authenticated', session_id: session, ...claims })
    .setProtectedHeader({ alg, kid })
    .setAudience('authenticated')
    .setExpirationTime('1h')
    .sign(key)

describe("a project's published keys (JWKS)", () => {
  let server: Server
  let url = ''
  let signing: Key
  let other: Key

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256')
    signing = pair.privateKey
    other = (await generateKeyPair('ES256')).privateKey
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'ES256', use: 'sig' }
    server = createServer((request, response) => {
      const found = request.url === '/auth/v1/.well-known/jwks.json'
      response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' })
      response.end(JSON.stringify(found ? { keys: [jwk] } : {}))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it("accepts a token signed with the project's key, and no other", async () => {
    const verify = createTokenVerifier({ jwtSecret: null, url })
    expect(await verify?.(await token(signing, 'ES256'))).toMatchObject({ sub })
    expect(await verify?.(await token(other, 'ES256'))).toBeNull()
    expect(await verify?.(await token(other, 'ES256', {}, 'key-2'))).toBeNull()
  })

  it('fails, rather than refuse the person, when the keys cannot be fetched', async () => {
    const verify = createTokenVerifier({ jwtSecret: null, url: 'http://127.0.0.1:9' })
    await expect(verify?.(await token(signing, 'ES256'))).rejects.toThrow()
  })
})

describe("the project's JWT secret (HS256)", () => {
  const secret = new TextEncoder().encode('the-project-secret-of-at-least-32-chars')
  const verify = createTokenVerifier({
    jwtSecret: 'the-project-secret-of-at-least-32-chars',
    url: null,
  })

  it('accepts a signed, unexpired token for authenticated naming its user and session', async () => {
    expect(await verify?.(await token(secret, 'HS256'))).toMatchObject({
      sub,
      session_id: session,
    })
  })

  it('refuses an expired token, another audience, a user or session that is no id, or alg none', async () => {
    const expired = await new SignJWT({ sub })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('authenticated')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret)
    const anon = await new SignJWT({ sub, role: 'anon' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('anon')
      .setExpirationTime('1h')
      .sign(secret)
    const noId = await token(secret, 'HS256', { sub: 'service_role' })
    // A session is asked of auth.sessions by its id: a token without one has none to be live.
    const noSession = await token(secret, 'HS256', { session_id: undefined })
    const sessionNoId = await token(secret, 'HS256', { session_id: 's' })
    const [header, payload] = (await token(secret, 'HS256')).split('.')
    const unsigned = `${btoa(JSON.stringify({ alg: 'none' }))}.${payload}.`
    const refusals = [
      expired,
      anon,
      noId,
      noSession,
      sessionNoId,
      unsigned,
      `${header}.${payload}.`,
    ]
    for (const refused of [...refusals, 'x']) {
      expect(await verify?.(refused)).toBeNull()
    }
  })

  it('is off without a secret or a project address', () => {
    expect(createTokenVerifier({ jwtSecret: null, url: null })).toBeNull()
  })
})
