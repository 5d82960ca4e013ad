// The quiet page alarm, on PGlite and PostgreSQL 15, through the backend as its settings build
// it, the email API's and Slack's stand-ins: a partner's page seen on each of 7 days that then
// has no views for QUIET_SOURCE_HOURS raises one email and one Slack message, however many runs
// meet or follow; when it counts again, one all-clear. The site's page, still counting, and a
// page with a day missing from its 7 raise nothing.
import { describe, expect, it } from 'vitest'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { startChatWebhookStandIn } from '../support/chat-webhook-stand-in.ts'
import { backendAt } from '../support/configured-backend.ts'
import { consoleStaff } from '../support/console-staff.ts'
import { startEmailApiStandIn } from '../support/email-api-stand-in.ts'
import { countViews } from '../support/funnel-views.ts'
import { staffedDatabase } from '../support/staffed-database.ts'
import { testDatabases } from '../support/test-database.ts'

const partner = 'https://acme-law.example/injury'
const gappy = 'https://globex-legal.example/demo'
const ours = 'https://firm.example/request-demo'
// The 7 days of views, in the past of every clock below.
const days = Array.from({ length: 7 }, (_, index) => `2026-11-0${index + 2}`)
const at = (day: string, time: string) => new Date(`${day}T${time}:00Z`)

const view = (db: SqlDatabase, source: string, page: string, day: string, time: string) =>
  countViews(db, day, { source, page }, { arrived: at(day, time) })

describe.each(testDatabases)('quiet page alarm on $name', (database) => {
  const { skip } = database
  const file = staffedDatabase(database, {
    standIns: { email: startEmailApiStandIn, slack: () => startChatWebhookStandIn('slack') },
  })

  // One process of the backend as its settings build it, on the clock given.
  const run = (clock: Date) =>
    backendAt(
      file.db,
      {
        RESEND_API_KEY: 're_test',
        NOTIFY_EMAIL_TO: 'sales@firm.example',
        RESEND_API_URL: file.email.url,
        SLACK_WEBHOOK_URL: file.slack.url,
        SALES_TIME_ZONE: 'UTC',
        QUIET_SOURCE_HOURS: '24',
        NOTIFY_TIMEOUT_MS: '20000',
      },
      clock,
    ).jobs.run()

  const slackText = (index: number) => JSON.stringify(file.slack.delivered[index]?.body)

  it.skipIf(skip)(
    'tells once when a page seen daily goes quiet, and once when it counts again',
    async () => {
      for (const day of days) {
        await view(file.db, 'acme', partner, day, '09:00')
        await view(file.db, 'acme', partner, day, '15:00')
        await view(file.db, '', ours, day, '11:00')
        // Globex's page misses one day of the 7.
        if (day !== days[3]) await view(file.db, 'globex', gappy, day, '10:00')
      }
      const last = days[6] as string
      // Three minutes after the kept view: not written, so the last view is known to five minutes.
      await view(file.db, 'acme', partner, last, '15:03')
      // The site's page counts on; Acme's and Globex's do not.
      await view(file.db, '', ours, '2026-11-09', '12:00')

      // 23 hours after Acme's last view: not quiet yet.
      expect((await run(at('2026-11-09', '14:00'))).quietPages).toEqual({ sent: 0, failed: 0 })
      // Past the 24 hours: two runs at once, then one after, tell once on each channel.
      const [first, second] = await Promise.all([
        run(at('2026-11-09', '16:00')),
        run(at('2026-11-09', '16:00')),
      ])
      expect((first.quietPages?.sent ?? 0) + (second.quietPages?.sent ?? 0)).toBe(2)
      expect((await run(at('2026-11-09', '17:00'))).quietPages).toEqual({ sent: 0, failed: 0 })
      expect(file.email.delivered).toHaveLength(1)
      expect(file.slack.delivered).toHaveLength(1)
      const alarm = file.email.delivered[0]?.body as { to: string[]; subject: string; text: string }
      expect(alarm.to).toEqual([consoleStaff.marketing.email, consoleStaff.owner.email])
      expect(alarm.subject).toContain('stopped sending views: acme')
      expect(alarm.text).toContain(`Page: ${partner}`)
      expect(alarm.text).toContain('Last view: Sun 8 Nov, 15:00 (UTC)')
      expect(alarm.text).not.toContain(gappy)
      expect(slackText(0)).toContain(partner)
      expect(slackText(0)).toContain('Sun 8 Nov, 15:00')

      // Acme's page counts again: one all-clear on each channel, then nothing more.
      await view(file.db, 'acme', partner, '2026-11-10', '10:00')
      expect((await run(at('2026-11-10', '10:05'))).quietPages).toEqual({ sent: 2, failed: 0 })
      expect((await run(at('2026-11-10', '11:00'))).quietPages).toEqual({ sent: 0, failed: 0 })
      expect(file.email.delivered).toHaveLength(2)
      expect(file.slack.delivered).toHaveLength(2)
      const clear = file.email.delivered[1]?.body as { subject: string; text: string }
      expect(clear.subject).toContain('counts again: acme')
      expect(clear.text).toContain('Views again: Tue 10 Nov, 10:00 (UTC)')
      expect(slackText(1)).toContain('counts again')
    },
  )
})
