// Requests to the send-demo-request handler, made in-process as a partner's page would make
// them, and the checks every error reply must pass: one copy for every handler test.
import { expect } from 'vitest'

/** Where the function answers locally; the handler reads only the path's end. */
export const functionUrl = 'http://localhost:3000/functions/v1/send-demo-request'
/** The partner origin the handler tests allow. */
export const partner = 'https://partner.example'

/** A POST from the partner's page; a string body is sent as it is, anything else as JSON. */
export function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(functionUrl, {
    method: 'POST',
    headers: { origin: partner, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/**
 * Expects `response` to be the JSON error `code` with `status`, readable by the partner's page
 * (without the CORS headers the browser hides the error from the form); returns its body.
 */
export async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(response.headers.get('access-control-allow-origin')).toBe(partner)
  expect(response.headers.get('vary')).toBe('Origin')
  expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After')
  const body = await response.json()
  expect(body).toMatchObject({ success: false, error: { code, message: expect.any(String) } })
  return body
}
