import {
  type DemoRequestSubmission,
  type FieldCodes,
  type FieldErrors,
  type MessageCode,
  messageCodes,
} from '#core/demo-request-schema.ts'
import { isRecord } from '#core/is-record.ts'
import { type NextStep, readNextStep } from '#core/next-step.ts'
import { createProofSource, type ProofSource } from '../bot-defence/proof-of-work.ts'
import { type FunctionsInvoker, functionsErrorNames } from './functions-client.ts'

export type FailureKind = 'network' | 'server'

export type SendResult =
  | { ok: true; requestId: string; next?: NextStep }
  | {
      ok: false
      kind: FailureKind
      error: unknown
      /** The function's English words per refused field. */
      fields?: FieldErrors
      /** The same fields' codes, for words in the visitor's language; only codes this build knows. */
      codes?: FieldCodes
    }

export type SendOptions = {
  /** Sent as `Idempotency-Key`; the same key for the same submission retried. */
  idempotencyKey: string
  /** Milliseconds before the call is given up as a network failure. */
  timeoutMs?: number
  /** Proofs of work for the function; without, the POST carries none. */
  proofs?: DemoRequestProofs
}

type Failure = Extract<SendResult, { ok: false }>

/** Solved challenges of the function, ready before the click (see proof-of-work.ts). */
export type DemoRequestProofs = ProofSource<Failure>

// The function's answer to a POST whose proof is missing, expired, already spent or forged.
const proofRefused = 'proof_of_work_invalid'

export const functionName = 'send-demo-request'
export const defaultTimeoutMs = 15_000

/** Proofs of work from `send-demo-request`, each fetched with a GET and solved in the page. */
export function demoRequestProofs(
  functions: FunctionsInvoker,
  timeoutMs = defaultTimeoutMs,
): DemoRequestProofs {
  return createProofSource(functions, functionName, timeoutMs, {
    ofError: failureOf,
    ofReply: (error) => ({ ok: false, kind: 'server', error }),
  })
}

/**
 * Posts a submission to the `send-demo-request` function, with a proof of work when given
 * `proofs`. A refused proof is replaced by a fresh one and the POST sent once more, unseen. Never
 * throws: every outcome is a value, and only a reply carrying `success: true` counts as success.
 */
export async function sendDemoRequest(
  functions: FunctionsInvoker,
  submission: DemoRequestSubmission,
  options: SendOptions,
): Promise<SendResult> {
  const { proofs } = options
  if (!proofs) return (await postOnce(functions, submission, options, null)).result
  // A first challenge that fails is no reason to give up: the function may ask no proof.
  const first = await proofs.take()
  const sent = await postOnce(functions, submission, options, 'proof' in first ? first.proof : null)
  if (sent.code !== proofRefused) return sent.result
  const second = await proofs.take()
  if ('failure' in second) return second.failure
  return (await postOnce(functions, submission, options, second.proof)).result
}

async function postOnce(
  functions: FunctionsInvoker,
  submission: DemoRequestSubmission,
  { idempotencyKey, timeoutMs = defaultTimeoutMs }: SendOptions,
  proof: string | null,
): Promise<{ result: SendResult; code?: string }> {
  try {
    const { data, error } = await functions.invoke(functionName, {
      body: submission,
      headers: {
        'Idempotency-Key': idempotencyKey,
        ...(proof === null ? {} : { 'Proof-Of-Work': proof }),
      },
      timeout: timeoutMs,
    })
    if (error) return await failureWithCode(error)
    if (isRecord(data) && data.success === true) {
      const requestId = typeof data.requestId === 'string' ? data.requestId : ''
      const next = readNextStep(data.next)
      return { result: { ok: true, requestId, ...(next && { next }) } }
    }
    return { result: { ok: false, kind: 'server', error: new Error(replyMessage(data)) } }
  } catch (error) {
    return { result: { ok: false, kind: 'network', error } }
  }
}

const failureOf = async (error: unknown) => (await failureWithCode(error)).result

// Matched by name, not instanceof: a host's supabase-js may carry its own copy of the classes.
async function failureWithCode(error: unknown): Promise<{ result: Failure; code?: string }> {
  const name = error instanceof Error ? error.name : ''
  if (name !== functionsErrorNames.http) {
    const kind = name === functionsErrorNames.relay ? 'server' : 'network'
    return { result: { ok: false, kind, error } }
  }
  const body = await readJson((error as { context?: unknown }).context)
  const reply = isRecord(body) && isRecord(body.error) ? body.error : undefined
  const fields = reply && isRecord(reply.fields) ? stringValues(reply.fields) : undefined
  const codes = reply && isRecord(reply.codes) ? knownCodes(reply.codes) : undefined
  const code = typeof reply?.code === 'string' ? reply.code : undefined
  const result: Failure = { ok: false, kind: 'server', error, ...(fields && { fields }) }
  return { result: { ...result, ...(codes && { codes }) }, code }
}

async function readJson(response: unknown): Promise<unknown> {
  if (!(response instanceof Response)) return undefined
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

function replyMessage(data: unknown): string {
  if (isRecord(data) && isRecord(data.error) && typeof data.error.message === 'string') {
    return data.error.message
  }
  return 'The reply carried no success flag'
}

// A newer function may say a code this widget has no words for: its English words stand then.
function knownCodes(record: Record<string, unknown>): FieldCodes {
  const known = (code: unknown): code is MessageCode =>
    (messageCodes as readonly unknown[]).includes(code)
  return Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, MessageCode] => known(entry[1])),
  )
}

function stringValues(record: Record<string, unknown>): FieldErrors {
  const entries = Object.entries(record)
  return Object.fromEntries(
    entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}
