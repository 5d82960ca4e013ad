import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type ChatWebhookStandIn,
  startChatWebhookStandIn,
} from '../../../../tests/support/chat-webhook-stand-in.ts'
import { sampleStoredDemoRequest as lead } from '../../../../tests/support/sample-lead.ts'
import { DeliveryRefused } from './delivery-refused.ts'
import type { BookingNotice } from './notifier.ts'
import { createSlackNotifier } from './slack-notifier.ts'

let slack: ChatWebhookStandIn
beforeAll(async () => {
  slack = await startChatWebhookStandIn('slack')
})
afterAll(() => slack.close())
beforeEach(() => slack.reset())

const consoleUrl = 'https://firm.example/console'
const notifier = () => createSlackNotifier({ webhookUrl: slack.url, consoleUrl })
const signal = () => new AbortController().signal
const booking: BookingNotice = {
  notice: 'cancelled',
  provider: 'cal',
  bookingId: 'bk-1',
  startTime: new Date('2026-12-01T15:00:00Z'),
  inviteeTimeZone: 'Europe/London',
  recordedAt: new Date('2026-11-26T10:00:00Z'),
  lead,
}
const digest = { heldUntil: new Date('2026-04-05T06:10:00Z'), count: 3, leads: [lead] }

// Every text a post carries, so a test can look for a string wherever Slack would show it.
const shown = (index = 0) => slack.delivered[index]?.raw ?? ''

describe('createSlackNotifier', () => {
  it('posts a new lead as text and blocks, with a link to the lead in the console', async () => {
    await notifier().notify(lead, signal())
    expect(slack.received[0]?.headers['content-type']).toBe('application/json')
    expect(slack.delivered[0]?.body).toEqual({
      text: 'New demo request from Lovelace &amp; Babbage LLP',
      blocks: [
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: '*New demo request from Lovelace &amp; Babbage LLP*',
            verbatim: true,
          },
        },
        {
          type: 'section',
          fields: [
            ['Company size', '6-50 employees'],
            ['Source', 'widget'],
            ['Campaign', 'injury-defense-2026'],
            ['Owner', 'nobody yet'],
            ['Sent', 'Sun 5 Apr, 06:07 (UTC)'],
          ].map(([label, value]) => ({
            type: 'mrkdwn',
            text: `*${label}*\n${value}`,
            verbatim: true,
          })),
        },
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: `<${consoleUrl}?view=leads&amp;lead=${lead.id}|Open the lead in the console>`,
          },
        },
        {
          type: 'context',
          elements: [{ type: 'mrkdwn', text: `Request ${lead.id}`, verbatim: true }],
        },
      ],
    })
  })

  it('posts each booking change, the no-booking nudge and a digest, one message each', async () => {
    await notifier().notifyBooking(booking, signal())
    await notifier().notifyNoBooking?.(lead, signal())
    await notifier().notifyDigest(digest, signal())
    expect(slack.delivered.map((post) => (post.body as { text: string }).text)).toEqual([
      'Lovelace &amp; Babbage LLP cancelled the demo for Tue 1 Dec, 15:00 (UTC)',
      'Lovelace &amp; Babbage LLP sent the form but has not booked',
      'Demo requests: 3 demo requests held back in a rush that ended Sun 5 Apr, 06:10 (UTC)',
    ])
    // The digest counts; it names no lead.
    expect(shown(2)).not.toContain('Lovelace')
  })

  it('sends the same body on every attempt', async () => {
    await notifier().notify(lead, signal())
    await notifier().notify({ ...lead }, signal())
    expect(slack.delivered[1]?.raw).toBe(slack.delivered[0]?.raw)
  })

  it('leaves the link out without CONSOLE_URL', async () => {
    await createSlackNotifier({ webhookUrl: slack.url }).notify(lead, signal())
    expect(shown()).not.toContain('console')
  })

  it("keeps a visitor's links, mentions and entities as text", async () => {
    const companyName = '<!channel> <https://evil.example|Your bank> &lt; <@U123> @here'
    await notifier().notify({ ...lead, companyName, utmCampaign: '<#C123>' }, signal())
    const body = slack.delivered[0]?.body as { text: string }
    expect(body.text).toBe(
      'New demo request from &lt;!channel&gt; &lt;https://evil.example|Your bank&gt; &amp;lt; &lt;@U123&gt; @here',
    )
    for (const markup of ['<!', '<@', '<#', '<https://evil', '&lt; <@']) {
      expect(shown()).not.toContain(markup)
    }
    // `verbatim` keeps Slack from linking the typed address and @here in every text but the link.
    const texts = shown().match(/"type":"mrkdwn"/g)?.length ?? 0
    expect(shown().match(/"verbatim":true/g)).toHaveLength(texts - 1)
  })

  it('fits a long firm name within the limits Slack checks', async () => {
    const companyName = 'W'.repeat(200)
    const lead200 = { ...lead, companyName, utmCampaign: '&'.repeat(200) }
    await notifier().notifyBooking(
      { ...booking, notice: 'reschedule_requested', lead: lead200 },
      signal(),
    )
    await notifier().notify(lead200, signal())
    expect(slack.delivered).toHaveLength(2)
  })

  // Every answer's meaning is postToChat's, tested in chat-webhook.test.ts; the setting is ours.
  it('gives up on a webhook Slack refuses, naming SLACK_WEBHOOK_URL', async () => {
    slack.script('gone')
    const error = await notifier()
      .notify(lead, signal())
      .catch((caught) => caught)
    expect(error).toBeInstanceOf(DeliveryRefused)
    expect(error.options).toEqual({ permanent: true })
    expect(error.message).toContain('404 no_service')
    expect(error.message).toContain('SLACK_WEBHOOK_URL')
  })

  it('posts twice when a reply is lost after Slack posted, the two with one reference', async () => {
    // Slack keeps no idempotency key: at least once, never at most once.
    slack.script('lost')
    const lost = await notifier()
      .notify(lead, signal())
      .catch((caught) => caught)
    expect(lost).not.toBeInstanceOf(DeliveryRefused)
    await notifier().notify(lead, signal())
    expect(slack.delivered).toHaveLength(2)
    expect(slack.delivered[1]?.raw).toBe(slack.delivered[0]?.raw)
    expect(shown()).toContain(`Request ${lead.id}`)
  })
})
