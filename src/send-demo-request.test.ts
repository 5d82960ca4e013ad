import { describe, expect, it } from 'vitest'
import {
  apiKeyHeaders,
  type DemoRequestProofs,
  type FunctionsInvoker,
  sendDemoRequest,
} from './send-demo-request.ts'

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

describe('sendDemoRequest with proofs of work', () => {
  const refused = () =>
    Object.assign(new Error('Edge Function returned a non-2xx status code'), {
      name: 'FunctionsHttpError',
      context: new Response(
        JSON.stringify({ success: false, error: { code: 'proof_of_work_invalid', message: 'x' } }),
        { status: 403, headers: { 'content-type': 'application/json' } },
      ),
    })
  const submission = {} as Parameters<typeof sendDemoRequest>[1]

  function setup(replies: ('ok' | 'refused')[], challenges: boolean[]) {
    const proofsSent: (string | undefined)[] = []
    const functions: FunctionsInvoker = {
      invoke: (async (_name: string, options: { headers: Record<string, string> }) => {
        proofsSent.push(options.headers['Proof-Of-Work'])
        return replies.shift() === 'ok'
          ? { data: { success: true, requestId: 'r-1' }, error: null }
          : { data: null, error: refused() }
      }) as FunctionsInvoker['invoke'],
    }
    let taken = 0
    const proofs: DemoRequestProofs = {
      start() {},
      take: async () => {
        taken += 1
        return challenges.shift()
          ? { proof: `proof-${taken}` }
          : { failure: { ok: false, kind: 'network', error: new Error(`no challenge ${taken}`) } }
      },
    }
    const send = () => sendDemoRequest(functions, submission, { idempotencyKey: 'k', proofs })
    return { send, proofsSent }
  }

  it('posts once more with a fresh proof when the first is refused', async () => {
    const { send, proofsSent } = setup(['refused', 'ok'], [true, true])
    expect(await send()).toEqual({ ok: true, requestId: 'r-1' })
    expect(proofsSent).toEqual(['proof-1', 'proof-2'])
  })

  it('gives up after the second refusal', async () => {
    const { send, proofsSent } = setup(['refused', 'refused', 'ok'], [true, true, true])
    expect(await send()).toMatchObject({ ok: false, kind: 'server' })
    expect(proofsSent).toEqual(['proof-1', 'proof-2'])
  })

  it('posts without a proof when there is no challenge, and reports the second miss', async () => {
    const { send, proofsSent } = setup(['refused'], [false, false])
    expect(await send()).toMatchObject({ ok: false, kind: 'network' })
    expect(proofsSent).toEqual([undefined])
    const lenient = setup(['ok'], [false])
    expect(await lenient.send()).toEqual({ ok: true, requestId: 'r-1' })
  })
})
