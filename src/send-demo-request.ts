import type { DemoRequestSubmission, FieldErrors } from './demo-request-schema.ts'
import { type FunctionsInvoker, functionsErrorNames } from './functions-client.ts'

export type FailureKind = 'network' | 'server'

export type SendResult =
  | { ok: true; requestId: string }
  | { ok: false; kind: FailureKind; error: unknown; fields?: FieldErrors }

export type SendOptions = {
  /** Sent as `Idempotency-Key`; the same key for the same submission retried. */
  idempotencyKey: string
  /** Milliseconds before the call is given up as a network failure. */
  timeoutMs?: number
}

export const functionName = 'send-demo-request'
export const defaultTimeoutMs = 15_000

/**
 * Posts a submission to the `send-demo-request` function. Never throws: every outcome is a
 * value, and only a reply carrying `success: true` counts as success.
 */
export async function sendDemoRequest(
  functions: FunctionsInvoker,
  submission: DemoRequestSubmission,
  { idempotencyKey, timeoutMs = defaultTimeoutMs }: SendOptions,
): Promise<SendResult> {
  try {
    const { data, error } = await functions.invoke(functionName, {
      body: submission,
      headers: { 'Idempotency-Key': idempotencyKey },
      timeout: timeoutMs,
    })
    if (error) return await failureOf(error)
    if (isRecord(data) && data.success === true) {
      return { ok: true, requestId: typeof data.requestId === 'string' ? data.requestId : '' }
    }
    return { ok: false, kind: 'server', error: new Error(replyMessage(data)) }
  } catch (error) {
    return { ok: false, kind: 'network', error }
  }
}

// Matched by name, not instanceof: a host's supabase-js may carry its own copy of the classes.
async function failureOf(error: unknown): Promise<SendResult> {
  const name = error instanceof Error ? error.name : ''
  if (name !== functionsErrorNames.http) {
    return { ok: false, kind: name === functionsErrorNames.relay ? 'server' : 'network', error }
  }
  const body = await readJson((error as { context?: unknown }).context)
  const reply = isRecord(body) && isRecord(body.error) ? body.error : undefined
  const fields = reply && isRecord(reply.fields) ? stringValues(reply.fields) : undefined
  return { ok: false, kind: 'server', error, ...(fields && { fields }) }
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

function stringValues(record: Record<string, unknown>): FieldErrors {
  const entries = Object.entries(record)
  return Object.fromEntries(
    entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
