import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type ChatWebhookStandIn,
  startChatWebhookStandIn,
} from '../../../../tests/support/chat-webhook-stand-in.ts'
import { type ChatWebhook, chatRefusal, postToChat } from './chat-webhook.ts'
import { DeliveryRefused } from './delivery-refused.ts'

let slack: ChatWebhookStandIn
let teams: ChatWebhookStandIn
beforeAll(async () => {
  ;[slack, teams] = await Promise.all([
    startChatWebhookStandIn('slack'),
    startChatWebhookStandIn('teams'),
  ])
})
afterAll(() => Promise.all([slack.close(), teams.close()]))

const now = new Date('2026-12-03T12:00:00Z')
const slackHook = { service: 'Slack', setting: 'SLACK_WEBHOOK_URL' } as const
const hook = (service: 'Slack' | 'Teams', url: string): ChatWebhook => ({
  service,
  setting: `${service.toUpperCase()}_WEBHOOK_URL`,
  url,
  fetch,
  now: () => now,
})
const refusal = (status: number, body = '', headers: Record<string, string> = {}) =>
  chatRefusal(slackHook, status, new Headers(headers), body, now)

describe('postToChat', () => {
  it('gives up on a body the service refuses: the same body would be refused again', async () => {
    const slackError = await postToChat(
      hook('Slack', slack.url),
      { attachments: [] },
      AbortSignal.timeout(5000),
    ).catch((caught) => caught)
    expect(slackError).toBeInstanceOf(DeliveryRefused)
    expect(slackError.message).toContain('400 no_text')
    expect(slackError.options).toEqual({ permanent: true })
    const teamsError = await postToChat(
      hook('Teams', teams.url),
      { text: 'hi' },
      AbortSignal.timeout(5000),
    ).catch((caught) => caught)
    expect(teamsError.message).toContain('400 InvalidRequestContent')
    expect(teamsError.options).toEqual({ permanent: true })
  })
})

// Each service's answers, as the stand-in gives them: what postToChat makes of each.
describe.each([
  {
    service: 'Slack' as const,
    standIn: () => slack,
    limited: ['429 rate_limited', '503 service_unavailable'],
    refused: [
      ['unauthorized', '403 invalid_token'],
      ['forbidden', '403 action_prohibited'],
      ['gone', '404 no_service'],
    ],
    failed: 'Slack answered 500 rollup_error',
  },
  {
    service: 'Teams' as const,
    standIn: () => teams,
    limited: ['429 WorkflowRequestsThrottled', '503 ServiceUnavailable'],
    refused: [
      ['unauthorized', '401 DirectApiInvalidAuthorizationSignature'],
      ['forbidden', '403 AuthorizationFailed'],
      ['gone', '404 WorkflowNotFound'],
    ],
    failed: 'Teams answered 500 InternalServerError',
  },
] as const)('postToChat to $service', ({ service, standIn, limited, refused, failed }) => {
  const post = (signal = AbortSignal.timeout(5000)) =>
    postToChat(hook(service, standIn().url), { text: 'hi' }, signal)
      .then(() => undefined)
      .catch((caught: Error & { options?: unknown }) => caught)
  beforeEach(() => standIn().reset())

  it('throws DeliveryRefused with the wait asked for on a 429 and a 503', async () => {
    standIn().retryAfter = 7
    standIn().script('rate-limited', 'unavailable')
    for (const status of limited) {
      const error = await post()
      expect(error).toBeInstanceOf(DeliveryRefused)
      expect(error?.message).toContain(status)
      expect(error?.options).toEqual({ retryAfterSeconds: 7 })
    }
  })

  it('gives up on a webhook refused, naming the setting to change', async () => {
    for (const [answer, said] of refused) {
      standIn().script(answer)
      const error = await post()
      expect(error).toBeInstanceOf(DeliveryRefused)
      expect(error?.options).toEqual({ permanent: true })
      expect(error?.message).toContain(said)
      expect(error?.message).toContain(`${service.toUpperCase()}_WEBHOOK_URL`)
    }
  })

  it('throws a plain error, to be tried again, on a 500, a dropped connection and a timeout', async () => {
    standIn().script('fail', 'down', 'hang')
    const fail = await post()
    expect(fail).not.toBeInstanceOf(DeliveryRefused)
    expect(fail?.message).toBe(failed)
    const down = await post()
    expect(down).toBeInstanceOf(Error)
    expect(down).not.toBeInstanceOf(DeliveryRefused)
    const timeout = new AbortController()
    const hung = post(timeout.signal)
    await standIn().waitForRequests(3)
    timeout.abort()
    const error = await hung
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(DeliveryRefused)
  })
})

describe('chatRefusal', () => {
  it('reads Retry-After as seconds or as a date', () => {
    expect(
      (refusal(429, 'rate_limited', { 'retry-after': '3' }) as DeliveryRefused).options,
    ).toEqual({
      retryAfterSeconds: 3,
    })
    const date = refusal(503, '', { 'retry-after': 'Thu, 03 Dec 2026 12:01:00 GMT' })
    expect((date as DeliveryRefused).options).toEqual({ retryAfterSeconds: 60 })
  })

  it('tries a 503 without Retry-After again on its own schedule', () => {
    expect(refusal(503)).not.toBeInstanceOf(DeliveryRefused)
  })

  it('gives up on an archived channel, and on a redirect, saying what to do', () => {
    const archived = refusal(410, 'channel_is_archived') as DeliveryRefused
    expect(archived.options).toEqual({ permanent: true })
    expect(archived.message).toBe(
      "Slack answered 410 channel_is_archived: unarchive the channel, or set SLACK_WEBHOOK_URL to another channel's webhook",
    )
    const moved = refusal(301) as DeliveryRefused
    expect(moved.options).toEqual({ permanent: true })
    expect(moved.message).toContain('set SLACK_WEBHOOK_URL to the webhook')
  })

  it('gives up on a body too large', () => {
    expect((refusal(413) as DeliveryRefused).options).toEqual({ permanent: true })
  })
})
