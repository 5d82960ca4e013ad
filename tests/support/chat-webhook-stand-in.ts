import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isRecord } from '#core/is-record.ts'
import { receivedAt } from './received-at.ts'

/** A reply as a service sends it. */
interface Reply {
  status: number
  body: string
  contentType: string
}

/**
 * How one chat service speaks: its success, its refusal of a body it cannot take, and its reply
 * to each failure a test may ask for.
 */
interface Dialect {
  accepted: Reply
  /** Why the service would refuse `body`, as its reply; null when it takes it. */
  check(body: unknown): Reply | null
  failures: Record<Failure, Reply>
}

/** The failures a test may ask for, each answered as the service answers it. */
type Failure = 'rate-limited' | 'unavailable' | 'fail' | 'unauthorized' | 'forbidden' | 'gone'

/**
 * `down` destroys the socket without posting, `lost` posts and then destroys it (the reply lost
 * on the way back), `hang` never answers.
 */
type Answer = 'accept' | Failure | 'down' | 'lost' | 'hang'

/** One request the stand-in received. */
interface ReceivedPost {
  path: string
  headers: Record<string, string | string[] | undefined>
  /** The parsed body; undefined when it was not JSON. */
  body: unknown
  raw: string
  answer: Answer
  /** The status decided on (`lost` never sends it), or null for `down` and `hang`. */
  status: number | null
  /** When its body had arrived: {@link receivedAt}. */
  receivedAt: number
}

/** A local stand-in for a chat webhook that records what it receives. */
export interface ChatWebhookStandIn {
  /** The webhook's address. */
  url: string
  received: ReceivedPost[]
  /** The posts it took: the messages a channel would show. */
  delivered: ReceivedPost[]
  /**
   * How requests are answered when no scripted answer is left; `down` answers every request so,
   * before any scripted answer.
   */
  mode: Answer
  /** Seconds a 429 or 503 asks for in `Retry-After`. */
  retryAfter: number
  /** Answers for the next requests, in order, before `mode` applies again. */
  script(...answers: Answer[]): void
  /** Resolves once `count` requests in all have arrived. */
  waitForRequests(count: number): Promise<void>
  /** Forgets everything received, and answers with 'accept' again. */
  reset(): void
  close(): Promise<void>
}

const text = (status: number, body: string): Reply => ({ status, body, contentType: 'text/plain' })

// Slack's incoming webhooks answer in plain words (docs.slack.dev, "Sending messages using
// incoming webhooks", Handling errors), and check blocks against Block Kit's limits.
const slackBlockProblem = (block: unknown): boolean => {
  if (!isRecord(block) || typeof block.type !== 'string') return true
  const textOf = (value: unknown) =>
    isRecord(value) && typeof value.text === 'string' ? value.text : ''
  if (block.type === 'header') return [...textOf(block.text)].length > 150
  if (block.type !== 'section') return false
  const fields = Array.isArray(block.fields) ? block.fields : []
  return (
    textOf(block.text).length > 3000 ||
    fields.length > 10 ||
    fields.some((field) => textOf(field).length > 2000)
  )
}

const slack: Dialect = {
  accepted: text(200, 'ok'),
  check(body) {
    if (!isRecord(body)) return text(400, 'invalid_payload')
    if (body.blocks !== undefined) {
      const { blocks } = body
      if (!Array.isArray(blocks) || blocks.length > 50 || blocks.some(slackBlockProblem)) {
        return text(400, 'invalid_blocks')
      }
    }
    if (typeof body.text !== 'string' && body.blocks === undefined) return text(400, 'no_text')
    return null
  },
  failures: {
    'rate-limited': text(429, 'rate_limited'),
    unavailable: text(503, 'service_unavailable'),
    fail: text(500, 'rollup_error'),
    // Slack answers a bad token with 403, never 401.
    unauthorized: text(403, 'invalid_token'),
    forbidden: text(403, 'action_prohibited'),
    gone: text(404, 'no_service'),
  },
}

// Power Automate's triggers answer errors as `{ error: { code, message } }`.
const flowError = (status: number, code: string): Reply => ({
  status,
  body: JSON.stringify({ error: { code, message: code } }),
  contentType: 'application/json',
})

const teams: Dialect = {
  accepted: { status: 202, body: '', contentType: 'text/plain' },
  // Stricter than the real trigger, which takes any JSON and leaves a bad card to fail in the
  // flow's run: a test learns of a wrong envelope here rather than never.
  check(body) {
    const [attachment] = isRecord(body) && Array.isArray(body.attachments) ? body.attachments : []
    const card = isRecord(attachment) ? attachment.content : undefined
    const valid =
      isRecord(body) &&
      body.type === 'message' &&
      isRecord(attachment) &&
      attachment.contentType === 'application/vnd.microsoft.card.adaptive' &&
      isRecord(card) &&
      card.type === 'AdaptiveCard' &&
      typeof card.version === 'string' &&
      Array.isArray(card.body)
    return valid ? null : flowError(400, 'InvalidRequestContent')
  },
  failures: {
    'rate-limited': flowError(429, 'WorkflowRequestsThrottled'),
    unavailable: flowError(503, 'ServiceUnavailable'),
    fail: flowError(500, 'InternalServerError'),
    unauthorized: flowError(401, 'DirectApiInvalidAuthorizationSignature'),
    forbidden: flowError(403, 'AuthorizationFailed'),
    gone: flowError(404, 'WorkflowNotFound'),
  },
}

const dialects = { slack, teams }

/** Starts a stand-in for Slack's incoming webhooks or Teams' Workflows webhooks. */
export async function startChatWebhookStandIn(
  service: keyof typeof dialects,
): Promise<ChatWebhookStandIn> {
  const dialect = dialects[service]
  const received: ReceivedPost[] = []
  const delivered: ReceivedPost[] = []
  let scripted: Answer[] = []
  let waiters: { count: number; resolve: () => void }[] = []

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      // A service that is down answers nothing, whatever was scripted: the script resumes after.
      const answer = standIn.mode === 'down' ? 'down' : (scripted.shift() ?? standIn.mode)
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {}
      const reply =
        answer === 'down' || answer === 'hang'
          ? null
          : answer === 'accept' || answer === 'lost'
            ? (dialect.check(body) ?? dialect.accepted)
            : dialect.failures[answer]
      const post = {
        path: request.url ?? '/',
        headers: request.headers,
        body,
        raw,
        answer,
        status: reply?.status ?? null,
        receivedAt: receivedAt(),
      }
      received.push(post)
      if (reply?.status === dialect.accepted.status) delivered.push(post)
      waiters = waiters.filter((waiter) => {
        if (received.length < waiter.count) return true
        waiter.resolve()
        return false
      })
      if (answer === 'down' || answer === 'lost') return request.socket.destroy()
      if (reply === null) return
      const retryAfter = [429, 503].includes(reply.status) ? standIn.retryAfter : undefined
      response.writeHead(reply.status, {
        'content-type': reply.contentType,
        ...(retryAfter !== undefined && { 'retry-after': String(retryAfter) }),
      })
      response.end(reply.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const standIn: ChatWebhookStandIn = {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    delivered,
    mode: 'accept',
    retryAfter: 30,
    script(...answers) {
      scripted.push(...answers)
    },
    waitForRequests(count) {
      if (received.length >= count) return Promise.resolve()
      return new Promise((resolve) => waiters.push({ count, resolve }))
    },
    reset() {
      received.length = 0
      delivered.length = 0
      scripted = []
      standIn.mode = 'accept'
      standIn.retryAfter = 30
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return standIn
}
