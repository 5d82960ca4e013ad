// The widget's own Functions client against a real HTTP server on loopback: what it sends, and
// the answer or named error it gives for each kind of reply.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeyHeaders, createFunctionsClient, functionsErrorNames } from './functions-client.ts'

type Seen = { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }
const seen: Seen[] = []
// Each path answers as one kind of reply; the function name picks it.
const replies: Record<string, (response: ServerResponse) => void> = {
  json: (r) => r.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'),
  text: (r) => r.writeHead(200, { 'content-type': 'text/plain' }).end('plain words'),
  broken: (r) => r.writeHead(200, { 'content-type': 'application/json' }).end('{"succ'),
  refused: (r) =>
    r.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"code":"x"}}'),
  relay: (r) => r.writeHead(502, { 'x-relay-error': 'true' }).end('relay'),
  // Answers only after the client gave up; closed when the server is.
  silent: () => {},
}

let server: ReturnType<typeof createServer>
let base: string
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      seen.push({ method: request.method, url: request.url, headers: request.headers, body })
      const name = request.url?.split('/').pop() ?? ''
      replies[name]?.(response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(resolve))
})

const client = () => createFunctionsClient(`${base}/`, 'sb_publishable_test')

describe('createFunctionsClient', () => {
  it('posts JSON to <url>/functions/v1/<name> with the key and the call headers', async () => {
    const { data, error } = await client().invoke('json', {
      body: { firstName: 'Ada' },
      headers: { 'Idempotency-Key': 'key-1' },
    })
    expect(error).toBeNull()
    expect(data).toEqual({ success: true })
    const request = seen.at(-1)
    expect(request).toMatchObject({ method: 'POST', url: '/functions/v1/json' })
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      apikey: 'sb_publishable_test',
      'idempotency-key': 'key-1',
    })
    expect(request?.headers.authorization).toBeUndefined()
    expect(JSON.parse(request?.body ?? '')).toEqual({ firstName: 'Ada' })
  })

  it('answers text as text', async () => {
    expect(await client().invoke('text')).toMatchObject({ data: 'plain words', error: null })
  })

  it('names a non-2xx reply an HTTP error carrying the Response', async () => {
    const { data, error } = await client().invoke('refused', { body: {} })
    expect(data).toBeNull()
    expect(error?.name).toBe(functionsErrorNames.http)
    const context = (error as { context?: unknown }).context
    expect(context).toBeInstanceOf(Response)
    expect(await (context as Response).json()).toEqual({ error: { code: 'x' } })
  })

  it("names the relay's reply a relay error", async () => {
    const { error } = await client().invoke('relay', { body: {} })
    expect(error?.name).toBe(functionsErrorNames.relay)
  })

  it('names a reply whose JSON cannot be read a fetch error', async () => {
    const { error } = await client().invoke('broken', { body: {} })
    expect(error?.name).toBe(functionsErrorNames.fetch)
    expect(error?.message).toBe('Failed to read the Edge Function reply')
  })

  it('names a timeout, and a server that is not there, a fetch error', async () => {
    const timedOut = await client().invoke('silent', { body: {}, timeout: 50 })
    expect(timedOut.error?.name).toBe(functionsErrorNames.fetch)
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const { error } = await createFunctionsClient(`http://127.0.0.1:${port}`, '').invoke('json')
    expect(error?.name).toBe(functionsErrorNames.fetch)
    expect(error?.message).toBe('Failed to send a request to the Edge Function')
  })
})

// A legacy anon key is a JWT: three base64url parts.
const legacyAnonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJlLW5vdC1jaGVja2Vk'

describe('apiKeyHeaders', () => {
  it('sends a publishable key in apikey only: it is not a JWT', () => {
    expect(apiKeyHeaders('sb_publishable_abc123')).toEqual({ apikey: 'sb_publishable_abc123' })
  })

  it('sends a legacy anon key in apikey and as the bearer token', () => {
    expect(apiKeyHeaders(legacyAnonKey)).toEqual({
      apikey: legacyAnonKey,
      Authorization: `Bearer ${legacyAnonKey}`,
    })
  })

  it('sends nothing without a key', () => {
    expect(apiKeyHeaders('')).toEqual({})
  })
})
