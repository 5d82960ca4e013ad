import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { receivedAt } from './received-at.ts'

/**
 * How the stand-in answers a request: accepted; a 500; no answer at all; the connection closed
 * unanswered, as a service that is down; a 409 saying the key was used already; or accepted at
 * once with the reply held back until `releaseLate()`.
 */
type Answer = 'accept' | 'fail' | 'hang' | 'down' | 'conflict' | 'late' | 'limited' | 'invalid'

/** The wait a `limited` answer asks for, in its `Retry-After` header. */
export const limitedRetryAfterSeconds = 30

/** One request the stand-in received. */
interface ReceivedRequest {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Record<string, unknown>
  /** The body as sent, for comparing attempts byte for byte. */
  raw: string
  answer: Answer
  /** When its body had arrived: {@link receivedAt}. */
  receivedAt: number
}

/**
 * A local stand-in for Resend's send-email endpoint (at `url`) and for a webhook receiver (at
 * `webhookUrl`) that records what it receives. Like Resend, it keeps idempotency keys (the
 * `idempotency-key` header, or a webhook's `webhook-id`): a repeat with the same body gets the
 * first answer and delivers nothing, a different body gets 409 `invalid_idempotent_request`,
 * and a repeat while the first is still being answered gets 409 `concurrent_idempotent_requests`.
 */
export interface EmailApiStandIn {
  url: string
  webhookUrl: string
  received: ReceivedRequest[]
  /** What it took in: one per key, or per request without one. */
  delivered: ReceivedRequest[]
  /**
   * How requests are answered when no scripted answer is left; `down` answers every request so,
   * before any scripted answer.
   */
  mode: Answer
  /** Answers for the next requests, in order, before `mode` applies again. */
  script(...answers: Answer[]): void
  /** Sends the replies that 'late' held back. */
  releaseLate(): void
  /** Resolves once `count` requests in all have arrived. */
  waitForRequests(count: number): Promise<void>
  /** Forgets everything received and every key, and answers with 'accept' again. */
  reset(): void
  close(): Promise<void>
}

type Sent = { raw: string; id: string; inProgress: boolean }

export async function startEmailApiStandIn(): Promise<EmailApiStandIn> {
  const received: ReceivedRequest[] = []
  const delivered: ReceivedRequest[] = []
  const keys = new Map<string, Sent>()
  let scripted: Answer[] = []
  let held: (() => void)[] = []
  let waiters: { count: number; resolve: () => void }[] = []

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      // A service that is down answers nothing, whatever was scripted: the script resumes after.
      const answer = standIn.mode === 'down' ? 'down' : (scripted.shift() ?? standIn.mode)
      const record: ReceivedRequest = {
        path: request.url ?? '/',
        headers: request.headers,
        body: JSON.parse(raw || '{}'),
        raw,
        answer,
        receivedAt: receivedAt(),
      }
      received.push(record)
      waiters = waiters.filter((waiter) => {
        if (received.length < waiter.count) return true
        waiter.resolve()
        return false
      })

      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { ...headers, 'content-type': 'application/json' })
        response.end(JSON.stringify(body))
      }
      const conflict = (name: string) => reply(409, { statusCode: 409, name, message: name })
      if (answer === 'hang') return
      if (answer === 'down') return request.socket.destroy()
      if (answer === 'fail') return reply(500, { error: 'down' })
      if (answer === 'conflict') return conflict('invalid_idempotent_request')
      // Resend's rate limit reply and its refusal of a malformed email, as its docs show them.
      if (answer === 'limited') {
        return reply(
          429,
          { statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests.' },
          { 'retry-after': String(limitedRetryAfterSeconds) },
        )
      }
      if (answer === 'invalid') {
        return reply(422, { statusCode: 422, name: 'validation_error', message: 'Invalid `to`.' })
      }

      const header = request.headers['idempotency-key'] ?? request.headers['webhook-id']
      // Keys are kept per endpoint, as two services would keep them.
      const key = typeof header === 'string' ? `${record.path} ${header}` : null
      const earlier = key === null ? undefined : keys.get(key)
      if (earlier?.inProgress) return conflict('concurrent_idempotent_requests')
      if (earlier && earlier.raw !== raw) return conflict('invalid_idempotent_request')
      if (earlier) return reply(200, { id: earlier.id })

      const sent: Sent = { raw, id: `email-${delivered.length + 1}`, inProgress: false }
      delivered.push(record)
      if (key !== null) keys.set(key, sent)
      if (answer === 'accept') return reply(200, { id: sent.id })
      sent.inProgress = true
      held.push(() => {
        sent.inProgress = false
        reply(200, { id: sent.id })
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const standIn: EmailApiStandIn = {
    url: `http://127.0.0.1:${port}/emails`,
    webhookUrl: `http://127.0.0.1:${port}/webhook`,
    received,
    delivered,
    mode: 'accept',
    script(...answers) {
      scripted.push(...answers)
    },
    releaseLate() {
      const replies = held
      held = []
      for (const send of replies) send()
    },
    waitForRequests(count) {
      if (received.length >= count) return Promise.resolve()
      return new Promise((resolve) => waiters.push({ count, resolve }))
    },
    reset() {
      standIn.releaseLate()
      received.length = 0
      delivered.length = 0
      keys.clear()
      scripted = []
      standIn.mode = 'accept'
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return standIn
}
