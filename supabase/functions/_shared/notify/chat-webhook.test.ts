import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
