// The quiet page alarm, on PGlite and PostgreSQL 15, through the backend as its settings build
// it, the email API's and Slack's stand-ins: a partner's page seen on each of 7 days that then
// has no views for QUIET_SOURCE_HOURS raises one email and one Slack message, however many runs
// meet or follow; when it counts again, one all-clear. The site's page, still counting, and a
// page with a day missing from its 7 raise nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSqlFunnelStore } from '#shared/analytics/sql-funnel-store.ts'
import { createBackend } from '#shared/config/configured-handler.ts'
import { readFunctionConfig } from '#shared/config/function-config.ts'
import { createSqlStores } from '#shared/config/sql-stores.ts'
import {
  type ChatWebhookStandIn,
  startChatWebhookStandIn,
} from '../support/chat-webhook-stand-in.ts'
import { addConsoleStaff, consoleStaff } from '../support/console-staff.ts'
import { type EmailApiStandIn, startEmailApiStandIn } from '../support/email-api-stand-in.ts'
import { type TestDatabase, testDatabases } from '../support/test-database.ts'

const partner = 'https://acme-law.example/injury'
const gappy = 'https://globex-legal.example/demo'
const ours = 'https://firm.example/request-demo'
// The 7 days of views, in the past of every clock below.
const days = Array.from({ length: 7 }, (_, index) => `2026-11-0${index + 2}`)
const at = (day: string, time: string) => new Date(`${day}T${time}:00Z`)

async function view(
  db: TestDatabase['db'],
  source: string,
  page: string,
  day: string,
  time: string,
) {
  await createSqlFunnelStore(db).countBatch(
    { source, page, events: [{ event: 'shown' }] } as Parameters<
      ReturnType<typeof createSqlFunnelStore>['countBatch']
    >[0],
    day,
    {
      clientKey: 'c'.repeat(64),
      windowStart: at(day, time),
      clientMax: 1_000_000,
      arrived: at(day, time),
    },
    { sourcePages: 200, originPairs: 1000, sourceCampaigns: 50 },
  )
}

describe.each(testDatabases)('quiet page alarm on $name', ({ open, skip }) => {
  let test: TestDatabase
  let email: EmailApiStandIn
  let slack: ChatWebhookStandIn
  beforeAll(async () => {
    if (skip) return
    ;[test, email, slack] = await Promise.all([
      open(),
      startEmailApiStandIn(),
      startChatWebhookStandIn('slack'),
    ])
    await addConsoleStaff(test.db)
  }, 120_000)
  afterAll(() => Promise.all([test?.close(), email?.close(), slack?.close()]))

  // One process of the backend as its settings build it, on the clock given.
  const run = (clock: Date) =>
    createBackend(
      readFunctionConfig(
        (name) =>
          ({
            RESEND_API_KEY: 're_test',
            NOTIFY_EMAIL_TO: 'sales@firm.example',
            RESEND_API_URL: email.url,
            SLACK_WEBHOOK_URL: slack.url,
            SALES_TIME_ZONE: 'UTC',
            QUIET_SOURCE_HOURS: '24',
            NOTIFY_TIMEOUT_MS: '20000',
          })[name],
      ),
      createSqlStores(test.db, { role: 'service_role' }),
      { now: () => clock, afterReply: (work) => void work.catch(() => {}) },
    ).jobs.run()

  const slackText = (index: number) => JSON.stringify(slack.delivered[index]?.body)

  it.skipIf(skip)(
    'tells once when a page seen daily goes quiet, and once when it counts again',
    async () => {
      for (const day of days) {
        await view(test.db, 'acme', partner, day, '09:00')
        await view(test.db, 'acme', partner, day, '15:00')
        await view(test.db, '', ours, day, '11:00')
        // Globex's page misses one day of the 7.
        if (day !== days[3]) await view(test.db, 'globex', gappy, day, '10:00')
      }
      const last = days[6] as string
      // Three minutes after the kept view: not written, so the last view is known to five minutes.
      await view(test.db, 'acme', partner, last, '15:03')
      // The site's page counts on; Acme's and Globex's do not.
      await view(test.db, '', ours, '2026-11-09', '12:00')

      // 23 hours after Acme's last view: not quiet yet.
      expect((await run(at('2026-11-09', '14:00'))).quietPages).toEqual({ sent: 0, failed: 0 })
      // Past the 24 hours: two runs at once, then one after, tell once on each channel.
      const [first, second] = await Promise.all([
        run(at('2026-11-09', '16:00')),
        run(at('2026-11-09', '16:00')),
      ])
      expect((first.quietPages?.sent ?? 0) + (second.quietPages?.sent ?? 0)).toBe(2)
      expect((await run(at('2026-11-09', '17:00'))).quietPages).toEqual({ sent: 0, failed: 0 })
      expect(email.delivered).toHaveLength(1)
      expect(slack.delivered).toHaveLength(1)
      const alarm = email.delivered[0]?.body as { to: string[]; subject: string; text: string }
      expect(alarm.to).toEqual([consoleStaff.marketing.email, consoleStaff.owner.email])
      expect(alarm.subject).toContain('stopped sending views: acme')
      expect(alarm.text).toContain(`Page: ${partner}`)
      expect(alarm.text).toContain('Last view: Sun 8 Nov, 15:00 (UTC)')
      expect(alarm.text).not.toContain(gappy)
      expect(slackText(0)).toContain(partner)
      expect(slackText(0)).toContain('Sun 8 Nov, 15:00')

      // Acme's page counts again: one all-clear on each channel, then nothing more.
      await view(test.db, 'acme', partner, '2026-11-10', '10:00')
      expect((await run(at('2026-11-10', '10:05'))).quietPages).toEqual({ sent: 2, failed: 0 })
      expect((await run(at('2026-11-10', '11:00'))).quietPages).toEqual({ sent: 0, failed: 0 })
      expect(email.delivered).toHaveLength(2)
      expect(slack.delivered).toHaveLength(2)
      const clear = email.delivered[1]?.body as { subject: string; text: string }
      expect(clear.subject).toContain('counts again: acme')
      expect(clear.text).toContain('Views again: Tue 10 Nov, 10:00 (UTC)')
      expect(slackText(1)).toContain('counts again')
    },
  )
})
