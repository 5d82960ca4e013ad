import { describe, expect, it } from 'vitest'
import { AuthAdminError, createAuthAdmin } from './auth-admin.ts'

const url = 'https://project.supabase.co'
const userId = '6a1f4b1e-1c1d-4c36-9a43-7b1e4f1f6a11'

// A fetch that records each call and answers `status` with `body`, as GoTrue would.
function recordingFetch(status: number, body: unknown) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = []
  const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: JSON.parse(String(init?.body)),
    })
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

describe("Supabase Auth's admin API", () => {
  it('invites by email with the service key, the sign-in link leading to redirectTo', async () => {
    const { fetch, calls } = recordingFetch(200, { id: userId, email: 'new@firm.example' })
    const admin = createAuthAdmin(url, 'service-key', fetch)
    expect(await admin.invite('new@firm.example', 'https://site.example/console')).toEqual({
      userId,
    })
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe(
      `${url}/auth/v1/invite?redirect_to=${encodeURIComponent('https://site.example/console')}`,
    )
    expect(calls[0]?.method).toBe('POST')
    expect(calls[0]?.headers.get('apikey')).toBe('service-key')
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer service-key')
    expect(calls[0]?.body).toEqual({ email: 'new@firm.example' })
  })

  it("passes on what Auth says when it refuses, as GoTrue's msg", async () => {
    const { fetch } = recordingFetch(422, {
      code: 422,
      msg: 'A user with this email address has already been registered',
    })
    const invite = createAuthAdmin(url, 'service-key', fetch).invite('a@b.example', url)
    await expect(invite).rejects.toThrow(AuthAdminError)
    await expect(invite).rejects.toMatchObject({
      status: 422,
      message:
        'Supabase Auth answered 422: A user with this email address has already been registered',
    })
  })

  it('removes a user for good, and counts one already gone as removed', async () => {
    const removed = recordingFetch(200, {})
    await createAuthAdmin(url, 'service-key', removed.fetch).removeUser(userId)
    expect(removed.calls[0]).toMatchObject({
      url: `${url}/auth/v1/admin/users/${userId}`,
      method: 'DELETE',
      body: { should_soft_delete: false },
    })
    const gone = recordingFetch(404, { msg: 'User not found' })
    await expect(createAuthAdmin(url, 'k', gone.fetch).removeUser(userId)).resolves.toBeUndefined()
    const down = recordingFetch(503, { message: 'unavailable' })
    await expect(createAuthAdmin(url, 'k', down.fetch).removeUser(userId)).rejects.toMatchObject({
      status: 503,
    })
  })
})
