import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type ChatWebhookStandIn,
  startChatWebhookStandIn,
} from '../../../../tests/support/chat-webhook-stand-in.ts'
import { sampleStoredDemoRequest as lead } from '../../../../tests/support/sample-lead.ts'
import { DeliveryRefused } from './delivery-refused.ts'
import { createTeamsNotifier } from './teams-notifier.ts'

let teams: ChatWebhookStandIn
beforeAll(async () => {
  teams = await startChatWebhookStandIn('teams')
})
afterAll(() => teams.close())
beforeEach(() => teams.reset())

const consoleUrl = 'https://firm.example/console'
const notifier = () =>
  createTeamsNotifier({ webhookUrl: teams.url, consoleUrl, timeZone: 'Europe/London' })
const signal = () => new AbortController().signal

interface Card {
  version: string
  body: { type: string; inlines: { type: string; text: string }[] }[]
  actions?: { type: string; title: string; url: string }[]
}
const card = (index = 0) => {
  const body = teams.delivered[index]?.body as { attachments: { content: Card }[] }
  return body.attachments[0]?.content as Card
}
// Each line of a card as a reader sees it.
const lines = (index = 0) =>
  card(index).body.map((block) => block.inlines.map((inline) => inline.text).join(''))

describe('createTeamsNotifier', () => {
  it('posts a new lead as an Adaptive Card 1.4 in a message, with a button to the lead', async () => {
    await notifier().notify(
      { ...lead, owner: { name: null, email: 'grace@firm.example' } },
      signal(),
    )
    expect(teams.received[0]?.status).toBe(202)
    expect(teams.delivered[0]?.body).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            actions: [
              {
                type: 'Action.OpenUrl',
                title: 'Open the lead in the console',
                url: `${consoleUrl}?view=leads&lead=${lead.id}`,
              },
            ],
          },
        },
      ],
    })
    expect(lines()).toEqual([
      'New demo request from Lovelace & Babbage LLP',
      'Company size: 6-50 employees',
      'Source: widget',
      'Campaign: injury-defense-2026',
      'Owner: grace@firm.example',
      'Sent: Sun 5 Apr, 07:07 (Europe/London)',
      `Request ${lead.id}`,
    ])
  })

  it('posts each booking change, the no-booking nudge and a digest, one card each', async () => {
    const booking = {
      notice: 'booked' as const,
      provider: 'calendly' as const,
      bookingId: 'bk-1',
      startTime: new Date('2026-12-01T15:00:00Z'),
      inviteeTimeZone: 'America/New_York',
      recordedAt: new Date('2026-11-26T10:00:00Z'),
      lead,
    }
    await notifier().notifyBooking(booking, signal())
    await notifier().notifyNoBooking?.(lead, signal())
    await notifier().notifyDigest(
      { heldUntil: new Date('2026-04-05T06:10:00Z'), count: 1, leads: [lead] },
      signal(),
    )
    expect(teams.delivered.map((_, index) => lines(index)[0])).toEqual([
      'Lovelace & Babbage LLP booked a demo for Tue 1 Dec, 15:00 (Europe/London)',
      'Lovelace & Babbage LLP sent the form but has not booked',
      'Demo requests: 1 demo request held back in a rush that ended Sun 5 Apr, 07:10 (Europe/London)',
    ])
    expect(lines(0)).toContain('Their time zone: America/New_York')
    expect(card(2).actions?.[0]?.url).toBe(`${consoleUrl}?view=leads`)
  })

  it("keeps a visitor's Markdown as text: every line is a TextRun, which Teams never parses", async () => {
    const companyName = '[Your bank](https://evil.example) **urgent** <at>everyone</at>'
    await notifier().notify({ ...lead, companyName }, signal())
    const blocks = card().body
    expect(blocks.every((block) => block.type === 'RichTextBlock')).toBe(true)
    expect(blocks.flatMap((block) => block.inlines.map((inline) => inline.type))).toSatisfy(
      (types: string[]) => types.every((type) => type === 'TextRun'),
    )
    expect(lines()[0]).toBe(`New demo request from ${companyName}`)
    // The only address a reader can open is the console's.
    expect(card().actions?.map((action) => action.url)).toEqual([
      `${consoleUrl}?view=leads&lead=${lead.id}`,
    ])
  })

  it('has no button without CONSOLE_URL', async () => {
    await createTeamsNotifier({ webhookUrl: teams.url }).notify(lead, signal())
    expect(card().actions).toBeUndefined()
  })

  // Every answer's meaning is postToChat's, tested in chat-webhook.test.ts; the setting is ours.
  it('gives up on a webhook Teams refuses, naming TEAMS_WEBHOOK_URL', async () => {
    teams.script('gone')
    const error = await notifier()
      .notify(lead, signal())
      .catch((caught) => caught)
    expect(error).toBeInstanceOf(DeliveryRefused)
    expect(error.options).toEqual({ permanent: true })
    expect(error.message).toContain('404 WorkflowNotFound')
    expect(error.message).toContain('TEAMS_WEBHOOK_URL')
  })
})
