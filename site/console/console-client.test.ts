import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeConsoleAuth } from '../../tests/support/fake-console-auth.ts'
import { type JsonApiStandIn, startJsonApiStandIn } from '../../tests/support/json-api-stand-in.ts'
import { ConsoleApiError } from './console-api-error.ts'
import { createConsoleClient } from './console-client.ts'

const me = { userId: 'u1', email: 'sales@firm.example', role: 'sales', sources: [] }

let api: JsonApiStandIn
beforeAll(async () => {
  api = await startJsonApiStandIn(({ path }) => {
    if (path === '/functions/v1/console/me') return { status: 200, body: me }
    if (path === '/functions/v1/console/leads') {
      return { status: 200, body: { leads: [], next: null, total: 0 } }
    }
    // A page a proxy put in the function's place, or a function of another version.
    if (path === '/functions/v1/console/funnel') return { status: 200, body: { days: 'all' } }
    if (path === '/functions/v1/console/audit') {
      return { status: 403, body: { error: { code: 'forbidden', message: 'Owners only.' } } }
    }
    return { status: 401, body: { error: { code: 'unauthenticated', message: 'Expired.' } } }
  })
})
afterAll(() => api.close())

function client() {
  const auth = fakeConsoleAuth({ signedInAs: 'sales@firm.example' })
  const signedOut: string[] = []
  const console = createConsoleClient({
    supabaseUrl: `${api.url}/`,
    apikey: 'publishable-key',
    auth,
    onSignedOut: (message) => signedOut.push(message),
  })
  return { auth, console, signedOut }
}

describe("the console's API client", () => {
  it("sends the person's access token and the key, as supabase-js does", async () => {
    expect(await client().console.me()).toEqual(me)
    const headers = api.requests.at(-1)?.headers
    expect(headers?.authorization).toBe('Bearer token-of-sales@firm.example')
    expect(headers?.apikey).toBe('publishable-key')
  })

  it("puts the filter and the cursor in the leads route's query", async () => {
    await client().console.leads({ status: 'won', q: 'Smith & Jones' }, 'cursor-2')
    const { path, query } = api.requests.at(-1) ?? {}
    expect(path).toBe('/functions/v1/console/leads')
    expect(Object.fromEntries(query ?? [])).toEqual({
      status: 'won',
      q: 'Smith & Jones',
      before: 'cursor-2',
    })
  })

  it("rejects with the function's code and sentence", async () => {
    const failure = await client()
      .console.audit(null)
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ConsoleApiError)
    expect(failure).toMatchObject({ status: 403, code: 'forbidden', message: 'Owners only.' })
  })

  it("refuses a reply of another shape than the route's, saying where and what to do", async () => {
    const failure = await client()
      .console.funnel({ from: '2026-11-01', to: '2026-11-30' })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ConsoleApiError)
    expect(failure).toMatchObject({ status: 200, code: 'internal' })
    expect((failure as Error).message).toMatch(/answered funnel in a shape .*deploy both/)
  })

  it('signs the person out on a 401 and says why', async () => {
    const { auth, console, signedOut } = client()
    const failure = await console.staff().catch((error: unknown) => error)
    expect(failure).toMatchObject({ status: 401, code: 'unauthenticated' })
    expect(auth.calls.filter((call) => call.method === 'signOut')).toHaveLength(1)
    expect(signedOut).toEqual(['Expired.'])
    expect((await auth.getSession()).data.session).toBeNull()
  })

  it('says the console cannot be reached when the connection drops', async () => {
    api.mode = 'down'
    try {
      const failure = await client()
        .console.me()
        .catch((error: unknown) => error)
      expect(failure).toMatchObject({ status: 0, code: 'unavailable' })
    } finally {
      api.mode = 'answer'
    }
  })
})
