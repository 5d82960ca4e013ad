// How sendDemoRequest reads each outcome of a Functions client (the widget's own, or a page's
// supabase-js), told apart by the error names functions-js and functions-client.ts share.
import { describe, expect, it } from 'vitest'
import { sampleLead } from '../../tests/support/sample-lead.ts'
import { type FunctionsInvoker, functionsErrorNames } from './functions-client.ts'
import { type DemoRequestProofs, functionName, sendDemoRequest } from './send-demo-request.ts'

const named = (name: string, context?: unknown) => Object.assign(new Error(name), { name, context })

/** A client that answers every call with `answer`, recording what it was asked. */
function answering(answer: unknown) {
  const calls: unknown[][] = []
  const functions = {
    invoke: async (...args: unknown[]) => {
      calls.push(args)
      if (answer instanceof Error) throw answer
      return answer
    },
  } as unknown as FunctionsInvoker
  return { functions, calls }
}

const send = (functions: FunctionsInvoker) =>
  sendDemoRequest(functions, { ...sampleLead }, { idempotencyKey: 'key-1', timeoutMs: 1234 })

describe('sendDemoRequest', () => {
  it('calls the function once with the body, the idempotency key and the timeout', async () => {
    const { functions, calls } = answering({ data: { success: true, requestId: 'r1' } })
    expect(await send(functions)).toEqual({ ok: true, requestId: 'r1' })
    expect(calls).toEqual([
      [functionName, { body: sampleLead, headers: { 'Idempotency-Key': 'key-1' }, timeout: 1234 }],
    ])
  })

  it("hands on the reply's next step, and drops one it cannot show", async () => {
    const next = { kind: 'book', provider: 'calendly', url: 'https://calendly.com/acme/demo' }
    const routed = answering({ data: { success: true, requestId: 'r1', next } })
    expect(await send(routed.functions)).toEqual({ ok: true, requestId: 'r1', next })
    const unknown = answering({ data: { success: true, requestId: 'r1', next: { kind: 'x' } } })
    expect(await send(unknown.functions)).toEqual({ ok: true, requestId: 'r1' })
  })

  it('counts only a reply carrying success: true as success', async () => {
    const noFlag = await send(answering({ data: { requestId: 'r1' } }).functions)
    expect(noFlag).toMatchObject({ ok: false, kind: 'server' })
    const refused = await send(
      answering({ data: { success: false, error: { message: 'No' } } }).functions,
    )
    expect(refused).toMatchObject({ ok: false, kind: 'server', error: new Error('No') })
  })

  it("reads an HTTP error's field messages from its Response", async () => {
    const reply = new Response(JSON.stringify({ error: { fields: { firstName: 'Required' } } }))
    const result = await send(
      answering({ error: named(functionsErrorNames.http, reply) }).functions,
    )
    expect(result).toMatchObject({ ok: false, kind: 'server', fields: { firstName: 'Required' } })
  })

  it("reads an HTTP error's field codes beside its words, keeping only codes it knows", async () => {
    const error = {
      fields: { companySize: 'Choose a company size', phone: 'Odd' },
      codes: { companySize: 'required', phone: 'fromTheFuture', email: 7 },
    }
    const reply = new Response(JSON.stringify({ error }))
    const result = await send(
      answering({ error: named(functionsErrorNames.http, reply) }).functions,
    )
    expect(result).toMatchObject({ fields: error.fields, codes: { companySize: 'required' } })
    expect(result).not.toHaveProperty('codes.phone')
  })

  it('calls a relay error a server failure, and a fetch error or a throw a network one', async () => {
    const relay = await send(answering({ error: named(functionsErrorNames.relay) }).functions)
    expect(relay).toMatchObject({ ok: false, kind: 'server' })
    const fetch = await send(answering({ error: named(functionsErrorNames.fetch) }).functions)
    expect(fetch).toMatchObject({ ok: false, kind: 'network' })
    const thrown = await send(answering(new TypeError('offline')).functions)
    expect(thrown).toMatchObject({ ok: false, kind: 'network' })
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
