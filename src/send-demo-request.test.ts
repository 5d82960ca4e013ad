// How sendDemoRequest reads each outcome of a Functions client (the widget's own, or a page's
// supabase-js), told apart by the error names functions-js and functions-client.ts share.
import { describe, expect, it } from 'vitest'
import { sampleLead } from '../tests/support/sample-lead.ts'
import { type FunctionsInvoker, functionsErrorNames } from './functions-client.ts'
import { functionName, sendDemoRequest } from './send-demo-request.ts'

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

  it('calls a relay error a server failure, and a fetch error or a throw a network one', async () => {
    const relay = await send(answering({ error: named(functionsErrorNames.relay) }).functions)
    expect(relay).toMatchObject({ ok: false, kind: 'server' })
    const fetch = await send(answering({ error: named(functionsErrorNames.fetch) }).functions)
    expect(fetch).toMatchObject({ ok: false, kind: 'network' })
    const thrown = await send(answering(new TypeError('offline')).functions)
    expect(thrown).toMatchObject({ ok: false, kind: 'network' })
  })
})
