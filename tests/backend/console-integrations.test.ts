// The console's Integrations page, on PGlite and PostgreSQL 15: the owner-only functions of
// 20261203130000_console_integrations.sql as each role calls them, and the routes over them,
// which tell what is set from the notifiers given, not from the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IntegrationsReport, LeadDetail } from '#core/console-api.ts'
import type { ConsoleHandler } from '#shared/console/console-handler.ts'
import { testLeadId } from '#shared/console/integrations/test-lead.ts'
import {
  addConsoleStaff,
  type ConsoleCaller,
  consoleHandlerOn,
  consoleRequest,
  queryAs,
  recordingNotifier,
  staffToken,
} from '../support/console-staff.ts'
import { insertLead } from '../support/insert-lead.ts'
import { sampleContact, sampleNewDemoRequest } from '../support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../support/test-database.ts'

const denied = '42501'
const others: ConsoleCaller[] = ['sales', 'marketing', 'partner', 'removed', 'anon']
const slackRefusal = 'Slack answered 500: internal_error'
// When Slack's dead letter failed its last try: hours after it was queued (now, in the test).
const slackDiedAt = '2026-11-28T19:47:00.000Z'

describe.each(testDatabases)('the integrations on $name', ({ open, skip }) => {
  let test: TestDatabase
  let handler: ConsoleHandler
  let leadId = ''
  const email = recordingNotifier('email')
  const slack = recordingNotifier('slack', slackRefusal)

  beforeAll(async () => {
    if (skip) return
    test = await open()
    const db = test.db
    await addConsoleStaff(db)
    leadId = (await insertLead(db, { ...sampleNewDemoRequest, ...sampleContact })).id
    // A lead sent by email, dead on Slack, still waiting on HubSpot; a dead digest on the
    // webhook; a booking whose Slack notice went and whose Teams notice died; a nudge sent.
    await db.query(
      `insert into public.demo_request_notifications
          (lead_id, channel, status, attempts, last_error, sent_at, failed_at)
        values ($1, 'email', 'sent', 1, null, now(), null),
          ($1, 'slack', 'dead', 5, $2, null, $3),
          ($1, 'hubspot', 'failed', 2, 'HubSpot answered 429', null, now())`,
      [leadId, slackRefusal, slackDiedAt],
    )
    await db.query(
      `insert into public.demo_request_digests (held_until, channel, status, attempts, last_error)
        values ('2026-11-28T12:00:00Z', 'webhook', 'dead', 5, 'Webhook answered 410')`,
    )
    await db.query(
      `insert into public.demo_request_bookings
          (provider, booking_id, lead_id, state, start_time, occurred_at, created_at, updated_at)
        values ('cal', 'b-1', $1, 'booked', now() + interval '1 day', now(), now(), now())`,
      [leadId],
    )
    await db.query(
      `insert into public.demo_request_booking_notifications
          (provider, booking_id, notice, channel, status, attempts, last_error, sent_at, created_at)
        values ('cal', 'b-1', 'booked', 'slack', 'sent', 1, null, now(), now()),
          ('cal', 'b-1', 'booked', 'teams', 'dead', 5, 'Teams answered 400', null, now())`,
    )
    await db.query(
      `insert into public.demo_request_no_booking_alerts (lead_id, channel, status, attempts, sent_at)
        values ($1, 'slack', 'sent', 1, now())`,
      [leadId],
    )
    handler = consoleHandlerOn(db, null, [email.notifier, slack.notifier])
  }, 120_000)
  afterAll(() => test?.close())

  it.skipIf(skip)('lets the owner alone read the states and dead letters', async () => {
    const states = await queryAs(test.db, 'owner', 'select * from public.console_delivery_states()')
    expect(
      (states as Record<string, unknown>[]).map((row) => ({
        channel: row.channel,
        sent: Number(row.sent),
        waiting: Number(row.waiting),
        dead: Number(row.dead),
        lastSent: row.last_sent_at !== null,
      })),
    ).toEqual([
      { channel: 'email', sent: 1, waiting: 0, dead: 0, lastSent: true },
      { channel: 'hubspot', sent: 0, waiting: 1, dead: 0, lastSent: false },
      { channel: 'slack', sent: 2, waiting: 0, dead: 1, lastSent: true },
      { channel: 'teams', sent: 0, waiting: 0, dead: 1, lastSent: false },
      { channel: 'webhook', sent: 0, waiting: 0, dead: 1, lastSent: false },
    ])
    const letters = (await queryAs(
      test.db,
      'owner',
      "select kind, key, lead_id, attempts, last_error, failed_at from public.console_dead_letters('slack', 5)",
    )) as Record<string, unknown>[]
    expect(letters).toEqual([
      {
        kind: 'lead',
        key: leadId,
        lead_id: leadId,
        attempts: 5,
        last_error: slackRefusal,
        failed_at: expect.anything(),
      },
    ])
    expect(new Date(letters[0]?.failed_at as string).toISOString()).toBe(slackDiedAt)
    const teams = (await queryAs(
      test.db,
      'owner',
      "select kind, key, lead_id from public.console_dead_letters('teams', 5)",
    )) as Record<string, unknown>[]
    expect(teams).toEqual([{ kind: 'booking', key: 'cal:b-1:booked', lead_id: leadId }])
    for (const caller of others) {
      for (const sql of [
        'select * from public.console_delivery_states()',
        "select * from public.console_dead_letters('slack', 5)",
        "select public.console_retry_dead('slack')",
        "select public.console_record_delivery_test('slack')",
      ]) {
        expect(await queryAs(test.db, caller, sql), `${caller}: ${sql}`).toBe(denied)
      }
    }
    // Nor through the Data API, as a staff token would run there, nor the outbox's rows at all.
    expect(
      await queryAs(
        test.db,
        'owner',
        'select * from public.console_delivery_states()',
        [],
        'authenticated',
      ),
    ).toBe(denied)
    expect(await queryAs(test.db, 'owner', 'select * from public.delivery_outbox_rows()')).toBe(
      denied,
    )
  })

  it.skipIf(skip)('answers each destination, set or not, by the notifiers given', async () => {
    const owner = await staffToken('owner')
    const reply = await handler(consoleRequest('integrations', owner))
    expect(reply.status).toBe(200)
    const { integrations } = (await reply.json()) as IntegrationsReport
    expect(integrations.map(({ channel, configured }) => [channel, configured])).toEqual([
      ['email', true],
      ['webhook', false],
      ['hubspot', false],
      ['salesforce', false],
      ['slack', true],
      ['teams', false],
    ])
    const slackState = integrations.find((state) => state.channel === 'slack')
    expect(slackState).toMatchObject({ sent: 2, waiting: 0, dead: 1 })
    // Each dead letter says when it failed, not when it was queued; one that died before that
    // was kept says nothing.
    expect(slackState?.deadLetters).toEqual([
      {
        kind: 'lead',
        key: leadId,
        leadId,
        attempts: 5,
        lastError: slackRefusal,
        failedAt: slackDiedAt,
      },
    ])
    const teamsState = integrations.find((state) => state.channel === 'teams')
    expect(teamsState?.deadLetters.map((letter) => letter.failedAt)).toEqual([null])
    // Nothing of the person: the dead letters name the lead by its id only.
    expect(JSON.stringify(integrations)).not.toContain(sampleContact.email)
    for (const person of ['sales', 'marketing', 'partner'] as const) {
      const token = await staffToken(person)
      expect((await handler(consoleRequest('integrations', token))).status).toBe(403)
    }
  })

  it.skipIf(skip)("sends a test with the channel's notifier and tells its answer", async () => {
    const owner = await staffToken('owner')
    const test1 = await handler(
      consoleRequest('integrations/email/test', owner, { method: 'POST' }),
    )
    expect(await test1.json()).toEqual({ channel: 'email', ok: true, message: '' })
    expect(email.sent).toEqual([{ id: testLeadId, firstName: 'Test', lastName: 'Test' }])
    const refused = await handler(
      consoleRequest('integrations/slack/test', owner, { method: 'POST' }),
    )
    expect(await refused.json()).toEqual({ channel: 'slack', ok: false, message: slackRefusal })
    const unset = await handler(
      consoleRequest('integrations/teams/test', owner, { method: 'POST' }),
    )
    expect(unset.status).toBe(400)
    const unknown = await handler(
      consoleRequest('integrations/fax/test', owner, { method: 'POST' }),
    )
    expect(unknown.status).toBe(404)
    const sales = await staffToken('sales')
    const bySales = await handler(
      consoleRequest('integrations/email/test', sales, { method: 'POST' }),
    )
    expect(bySales.status).toBe(403)
    expect(email.sent).toHaveLength(1)
  })

  it.skipIf(skip)(
    "shows the lead's deliveries in its history: sent, dead, booking notices and nudges",
    async () => {
      const owner = await staffToken('owner')
      const detail = (await (
        await handler(consoleRequest(`leads/${leadId}`, owner))
      ).json()) as LeadDetail
      const deliveries = detail.history
        .filter((entry) =>
          ['notified', 'undelivered', 'booking_notified', 'nudged'].includes(entry.kind),
        )
        .map(({ kind, text }) => `${kind} ${text}`)
        .sort()
      expect(deliveries).toEqual([
        'booking_notified slack: booked',
        'notified email',
        'nudged slack',
        `undelivered slack: ${slackRefusal}`,
        'undelivered teams: Teams answered 400',
      ])
      // Slack's stands when it failed.
      const slackDead = detail.history.find((entry) => entry.text.startsWith('slack: '))
      expect(slackDead?.at).toBe(slackDiedAt)
    },
  )

  it.skipIf(skip)(
    "retries a channel's dead letters for the owner only, and puts it on the trail",
    async () => {
      const sales = await staffToken('sales')
      const refused = await handler(
        consoleRequest('integrations/slack/retry', sales, { method: 'POST' }),
      )
      expect(refused.status).toBe(403)
      const owner = await staffToken('owner')
      const retried = await handler(
        consoleRequest('integrations/teams/retry', owner, { method: 'POST' }),
      )
      expect(await retried.json()).toEqual({ channel: 'teams', retried: 1 })
      const [row] = await test.db.query<Record<string, unknown>>(
        `select status, attempts, retry_base, next_attempt_at from public.demo_request_booking_notifications
          where channel = 'teams'`,
      )
      expect(row).toEqual({ status: 'failed', attempts: 5, retry_base: 5, next_attempt_at: null })
      // Slack's dead letter is another channel's: untouched.
      const [slackRow] = await test.db.query<{ status: string }>(
        "select status from public.demo_request_notifications where channel = 'slack'",
      )
      expect(slackRow?.status).toBe('dead')
      // The two tests sent above (the unset channel's refusal left nothing), then this Retry.
      const trail = await test.db.query<{ action: string; detail: unknown; actor_email: string }>(
        `select action, detail, actor_email from public.console_audit
          where action in ('retry_deliveries', 'test_delivery') order by id`,
      )
      expect(trail).toEqual([
        {
          action: 'test_delivery',
          detail: { channel: 'email' },
          actor_email: 'owner@firm.example',
        },
        {
          action: 'test_delivery',
          detail: { channel: 'slack' },
          actor_email: 'owner@firm.example',
        },
        {
          action: 'retry_deliveries',
          detail: { channel: 'teams', rows: 1 },
          actor_email: 'owner@firm.example',
        },
      ])
    },
  )
})
