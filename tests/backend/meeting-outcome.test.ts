// Met or missed, end to end: booked demos driven through the function's own webhook and retry
// endpoints against the Cal.com and Calendly stand-ins, each ending right on its lead and in the
// funnel; and a mark made in the console written back to the scheduler's API.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LeadDetail } from '#core/console-api.ts'
import { readFunnelRows } from '#shared/analytics/funnel-report.ts'
import { calSignatureHeader } from '#shared/booking/providers/cal-webhook.ts'
import { calendlySignatureHeader } from '#shared/booking/providers/calendly-webhook.ts'
import { createConfiguredHandler } from '#shared/config/configured-handler.ts'
import { readFunctionConfig } from '#shared/config/function-config.ts'
import { createSqlStores } from '#shared/config/sql-stores.ts'
import { createConsoleHandler } from '#shared/console/console-handler.ts'
import { createTokenVerifier } from '#shared/console/sign-in/verify-token.ts'
import { trackPendingWork } from '#shared/http/after-reply.ts'
import { retrySecretHeader } from '#shared/notify/notify-retry-handler.ts'
import {
  calendlyWebhookBody,
  calMeetingEndedBody,
  calNoShowWebhookBody,
  calWebhookBody,
  signCalendlyWebhook,
  signCalWebhook,
} from '../support/booking-webhooks.ts'
import {
  type CalApiStandIn,
  calApiBooking,
  startCalApiStandIn,
} from '../support/cal-api-stand-in.ts'
import {
  type CalendlyApiStandIn,
  startCalendlyApiStandIn,
} from '../support/calendly-api-stand-in.ts'
import {
  addConsoleStaff,
  type ConsolePerson,
  consoleJwtSecret,
  consoleRequest,
  staffToken,
} from '../support/console-staff.ts'
import { insertLead } from '../support/insert-lead.ts'
import { sampleNewDemoRequest } from '../support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../support/test-database.ts'

const base = 'http://localhost:3000/functions/v1/send-demo-request'
const calSecret = 'cal-webhook-secret'
const calendlyKey = 'calendly-signing-key'
const retrySecret = 'a-long-enough-retry-secret'
const hour = 60 * 60_000

describe.each(testDatabases)('met or missed on $name', ({ open, skip }) => {
  let test: TestDatabase
  let cal: CalApiStandIn
  let calendly: CalendlyApiStandIn
  let now: Date

  beforeAll(async () => {
    if (skip) return
    ;[test, cal, calendly] = await Promise.all([
      open(),
      startCalApiStandIn(),
      startCalendlyApiStandIn(),
    ])
  }, 60_000)
  afterAll(() => Promise.all([test?.close(), cal?.close(), calendly?.close()]))
  beforeEach(async () => {
    if (skip) return
    cal.bookings.length = 0
    calendly.events.length = 0
    for (const api of [cal, calendly]) {
      api.requests.length = 0
      api.mode = 'answer'
    }
    await test.reset()
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    return () => log.mockRestore()
  })

  const handler = () =>
    createConfiguredHandler(
      readFunctionConfig(
        (name) =>
          ({
            NOTIFY_RETRY_SECRET: retrySecret,
            CAL_WEBHOOK_SECRET: calSecret,
            CALENDLY_WEBHOOK_SIGNING_KEY: calendlyKey,
            CAL_API_KEY: cal.key,
            CAL_API_URL: cal.url,
            CALENDLY_API_TOKEN: calendly.token,
            CALENDLY_API_URL: calendly.url,
          })[name],
      ),
      createSqlStores(test.db),
      { now: () => now, afterReply: trackPendingWork().afterReply },
    )
  const deliver = async (provider: 'cal' | 'calendly', body: string) => {
    const signature: Record<string, string> =
      provider === 'cal'
        ? { [calSignatureHeader]: signCalWebhook(body, calSecret) }
        : {
            [calendlySignatureHeader]: signCalendlyWebhook(
              body,
              calendlyKey,
              Math.floor(now.getTime() / 1000),
            ),
          }
    const response = await handler()(
      new Request(`${base}/booking/${provider}`, { method: 'POST', headers: signature, body }),
    )
    expect(response.status, await response.clone().text()).toBe(200)
  }
  /** One run of the scheduled job, as pg_cron calls it. */
  const runJob = async () => {
    const response = await handler()(
      new Request(`${base}/retry`, {
        method: 'POST',
        headers: { [retrySecretHeader]: retrySecret },
      }),
    )
    expect(response.status).toBe(200)
  }
  const newLead = async (companyName: string) =>
    (await insertLead(test.db, { ...sampleNewDemoRequest, companyName })).id
  const outcomes = async (ids: Record<string, string>) => {
    const rows = await test.db.query<{ id: string; meeting_outcome: string | null }>(
      'select id, meeting_outcome from public.demo_requests where id = any ($1)',
      [Object.values(ids)],
    )
    const of = new Map(rows.map((row) => [row.id, row.meeting_outcome]))
    return Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, of.get(id)]))
  }
  /** Today's funnel, as the console and `npm run insights` read it: its meeting steps. */
  const funnel = async () => {
    const today = new Date().toISOString().slice(0, 10)
    const rows = await readFunnelRows(
      test.db,
      {
        from: today,
        to: today,
        timeZone: 'UTC',
        source: null,
        sourceCampaigns: 50,
      },
      'service',
    )
    const sum = (event: string) =>
      rows
        .filter((row) => row.part === 'day' && row.day === today && row.event === event)
        .reduce((total, row) => total + row.n, 0)
    return {
      booked: sum('booked'),
      met: sum('met'),
      noShow: sum('no-show'),
      hostAbsent: sum('host-absent'),
    }
  }

  it.skipIf(skip)(
    'ends Cal.com meetings right: a guest no-show, a host absence, one just ended, one past the grace time, a no-show cleared, and a mark whose webhook was lost',
    async () => {
      const start = new Date(Date.now() + 24 * hour)
      const end = new Date(start.getTime() + 30 * 60_000)
      const at = (ms: number) => new Date(end.getTime() + ms)
      now = new Date(start.getTime() - 24 * hour)
      const names = ['noShow', 'hostAbsent', 'justEnded', 'pastGrace', 'lostMark'] as const
      const ids: Record<string, string> = {}
      for (const name of names) {
        ids[name] = await newLead(`${name} LLP`)
        const uid = `bk-${name}`
        await deliver(
          'cal',
          calWebhookBody({
            trigger: 'BOOKING_CREATED',
            uid,
            requestId: ids[name],
            startTime: start.toISOString(),
            createdAt: now.toISOString(),
          }),
        )
        cal.bookings.push(
          calApiBooking({
            uid,
            requestId: ids[name],
            status: 'accepted',
            start: start.toISOString(),
            createdAt: now.toISOString(),
            updatedAt: null,
          }),
        )
      }
      // The stand-in's booking, its marks set as Cal.com would have them.
      const marks = (name: string, host: boolean, guest: boolean) => {
        const booking = cal.bookings.find((each) => each.uid === `bk-${name}`)
        if (!booking) throw new Error(`no booking bk-${name}`)
        booking.absentHost = host
        booking.attendees = (booking.attendees as object[]).map((a) => ({ ...a, absent: guest }))
      }

      // Five minutes after the end: the guest of one is marked absent (webhook and API agree),
      // our host of another (Cal.com sends no webhook for that), one's webhook is lost.
      now = at(5 * 60_000)
      marks('noShow', false, true)
      await deliver(
        'cal',
        calNoShowWebhookBody({ uid: 'bk-noShow', createdAt: now.toISOString(), noShow: true }),
      )
      await deliver(
        'cal',
        calMeetingEndedBody({
          uid: 'bk-justEnded',
          startTime: start.toISOString(),
          createdAt: now.toISOString(),
        }),
      )
      marks('hostAbsent', true, false)
      marks('lostMark', false, true)
      now = at(10 * 60_000)
      await runJob()
      expect(await outcomes(ids)).toEqual({
        noShow: 'no_show',
        hostAbsent: 'host_absent',
        justEnded: null,
        pastGrace: null,
        lostMark: 'no_show',
      })
      expect(await funnel()).toEqual({ booked: 5, met: 0, noShow: 2, hostAbsent: 1 })

      // The no-show taken back within the grace time: waiting again, not met yet.
      now = at(20 * 60_000)
      marks('noShow', false, false)
      await deliver(
        'cal',
        calNoShowWebhookBody({ uid: 'bk-noShow', createdAt: now.toISOString(), noShow: false }),
      )
      expect((await outcomes(ids)).noShow).toBeNull()

      // Just short of the grace time nothing unmarked is met; just past it, all of them are.
      now = at(24 * hour - 60_000)
      await runJob()
      expect((await outcomes(ids)).pastGrace).toBeNull()
      now = at(24 * hour + 60_000)
      await runJob()
      expect(await outcomes(ids)).toEqual({
        noShow: 'met',
        hostAbsent: 'host_absent',
        justEnded: 'met',
        pastGrace: 'met',
        lostMark: 'no_show',
      })
      expect(await funnel()).toEqual({ booked: 5, met: 3, noShow: 1, hostAbsent: 1 })

      // Each change is on the lead's history, with who said it.
      const changes = await test.db.query<{ outcome: string; via: string }>(
        'select outcome, via from public.demo_request_meeting_changes where lead_id = $1 order by id',
        [ids.noShow],
      )
      expect(changes).toEqual([
        { outcome: 'no_show', via: 'scheduler' },
        { outcome: 'pending', via: 'scheduler' },
        { outcome: 'met', via: 'grace' },
      ])
    },
    60_000,
  )

  it.skipIf(skip)(
    'ends Calendly meetings right: a no-show marked and taken back, and one found by the read-back',
    async () => {
      const start = new Date(Date.now() - 2 * hour)
      now = new Date(start.getTime() - 24 * hour)
      const marked = await newLead('Marked LLP')
      const lost = await newLead('Lost LLP')
      const markedUri = calendly.inviteeUri('EV1', 'IN1')
      for (const [id, uri] of [
        [marked, markedUri],
        [lost, calendly.inviteeUri('EV2', 'IN2')],
      ] as const) {
        await deliver(
          'calendly',
          calendlyWebhookBody({
            trigger: 'invitee.created',
            uri,
            requestId: id,
            startTime: start.toISOString(),
            createdAt: now.toISOString(),
          }),
        )
      }
      const made = now.toISOString()
      calendly.events.push(
        {
          uuid: 'EV1',
          status: 'active',
          startTime: start.toISOString(),
          createdAt: made,
          updatedAt: made,
          invitees: [
            { uuid: 'IN1', status: 'active', requestId: marked, createdAt: made, updatedAt: made },
          ],
        },
        {
          uuid: 'EV2',
          status: 'active',
          startTime: start.toISOString(),
          createdAt: made,
          updatedAt: made,
          // Marked at Calendly; its webhook never came, and the event's updated_at is unchanged.
          invitees: [
            {
              uuid: 'IN2',
              status: 'active',
              requestId: lost,
              createdAt: made,
              updatedAt: made,
              noShow: { uuid: 'NS2', createdAt: start.toISOString() },
            },
          ],
        },
      )
      now = new Date(start.getTime() + hour)
      await deliver(
        'calendly',
        calendlyWebhookBody({
          trigger: 'invitee_no_show.created',
          uri: markedUri,
          startTime: start.toISOString(),
          createdAt: now.toISOString(),
        }),
      )
      expect(await outcomes({ marked })).toEqual({ marked: 'no_show' })
      now = new Date(now.getTime() + 60_000)
      await deliver(
        'calendly',
        calendlyWebhookBody({
          trigger: 'invitee_no_show.deleted',
          uri: markedUri,
          startTime: start.toISOString(),
          createdAt: now.toISOString(),
        }),
      )
      await runJob()
      expect(await outcomes({ marked, lost })).toEqual({ marked: null, lost: 'no_show' })
      expect(await funnel()).toEqual({ booked: 2, met: 0, noShow: 1, hostAbsent: 0 })
    },
    60_000,
  )

  describe('a mark in the console', () => {
    const consoleHandler = () =>
      createConsoleHandler({
        db: test.db,
        verify: createTokenVerifier({ jwtSecret: consoleJwtSecret, url: null }),
        authAdmin: null,
        allowedOrigins: [],
        salesTimeZone: 'UTC',
        schedulerApis: {
          cal: { url: cal.url, key: cal.key },
          calendly: { url: calendly.url, key: calendly.token },
        },
        log: () => {},
      })
    const mark = async (person: ConsolePerson, leadId: string, outcome: string) => {
      const response = await consoleHandler()(
        consoleRequest(`leads/${leadId}/meeting`, await staffToken(person), {
          method: 'POST',
          body: { outcome },
        }),
      )
      return {
        status: response.status,
        body: (await response.json()) as LeadDetail & { error?: { message: string } },
      }
    }
    // Booked through the webhook a day before a meeting that started an hour ago.
    const bookedOn = async (provider: 'cal' | 'calendly', id: string, bookingId: string) => {
      const start = new Date(Date.now() - hour)
      now = new Date(start.getTime() - 24 * hour)
      await deliver(
        provider,
        provider === 'cal'
          ? calWebhookBody({
              trigger: 'BOOKING_CREATED',
              uid: bookingId,
              requestId: id,
              startTime: start.toISOString(),
              createdAt: now.toISOString(),
            })
          : calendlyWebhookBody({
              trigger: 'invitee.created',
              uri: bookingId,
              requestId: id,
              startTime: start.toISOString(),
              createdAt: now.toISOString(),
            }),
      )
      return start
    }

    it.skipIf(skip)(
      "reaches Cal.com's mark-absent, under the policies, on the trail; one Cal.com refuses marks nothing",
      async () => {
        await addConsoleStaff(test.db)
        const id = await newLead('Console LLP')
        const start = await bookedOn('cal', id, 'bk-console')
        cal.bookings.push(
          calApiBooking({
            uid: 'bk-console',
            requestId: id,
            status: 'accepted',
            start: start.toISOString(),
            createdAt: now.toISOString(),
            updatedAt: null,
          }),
        )
        // Marketing may not: the policies refuse, and the scheduler hears nothing.
        expect((await mark('marketing', id, 'no_show')).status).toBe(403)
        expect(cal.requests).toHaveLength(0)

        const marked = await mark('sales', id, 'no_show')
        expect(marked.status, marked.body.error?.message).toBe(200)
        expect(marked.body.meeting?.outcome).toBe('no_show')
        const written = cal.requests.find((request) => request.method === 'POST')
        expect(written?.path).toBe('/v2/bookings/bk-console/mark-absent')
        expect(JSON.parse(written?.body ?? '')).toEqual({
          attendees: [{ email: 'ada@analytical.example', absent: true }],
        })
        expect(marked.body.history.at(-1)).toMatchObject({
          kind: 'meeting',
          text: 'no_show',
          by: 'sales@firm.example',
          via: 'hand',
        })
        const [trail] = await test.db.query<{ detail: unknown }>(
          "select detail from public.console_audit where action = 'meeting_mark'",
        )
        expect(trail?.detail).toEqual({ outcome: 'no_show' })

        // Cal.com down: the mark is undone, and the console says why.
        cal.mode = 'fail'
        const refused = await mark('sales', id, 'host_absent')
        expect(refused.status).toBe(502)
        expect(refused.body.error?.message).toMatch(/Cal.com did not take the mark/)
        expect(await outcomes({ id })).toEqual({ id: 'no_show' })
      },
      60_000,
    )

    it.skipIf(skip)(
      "reaches Calendly's invitee_no_shows, and met takes the no-show back",
      async () => {
        await addConsoleStaff(test.db)
        const id = await newLead('Calendly Console LLP')
        const uri = calendly.inviteeUri('EV9', 'IN9')
        const start = await bookedOn('calendly', id, uri)
        const made = now.toISOString()
        calendly.events.push({
          uuid: 'EV9',
          status: 'active',
          startTime: start.toISOString(),
          createdAt: made,
          updatedAt: made,
          invitees: [
            { uuid: 'IN9', status: 'active', requestId: id, createdAt: made, updatedAt: made },
          ],
        })
        const writes = () =>
          calendly.requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path])
        const first = await mark('owner', id, 'no_show')
        expect(first.status, first.body.error?.message).toBe(200)
        const invitee = calendly.events[0]?.invitees[0]
        const noShow = invitee?.noShow?.uuid
        expect(noShow).toBeDefined()
        expect(writes()).toEqual([['POST', '/invitee_no_shows']])
        const met = await mark('sales', id, 'met')
        expect(met.body.meeting?.outcome).toBe('met')
        expect(invitee?.noShow).toBeUndefined()
        expect(writes()).toEqual([
          ['POST', '/invitee_no_shows'],
          ['DELETE', `/invitee_no_shows/${noShow}`],
        ])
      },
      60_000,
    )
  })
})
