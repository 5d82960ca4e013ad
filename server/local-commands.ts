import { bookingProviders } from '#core/next-step.ts'
import { totalsOfRows } from '#shared/analytics/funnel-report.ts'
import { insightsCsv, insightsTable } from '#shared/analytics/insights-format.ts'
import { buildInsights, reportDays } from '#shared/analytics/insights-report.ts'
import type { ReconcileSummary } from '#shared/booking/booking-reconciler.ts'
import { schedulers } from '#shared/booking/schedulers.ts'
import { createBackend, type FunctionStores } from '#shared/config/configured-handler.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import type { NotificationStatus } from '#shared/lead/lead-store.ts'
import type { BackendConfig } from './config.ts'
import { askDataDirHolder, type CommandResult } from './data-dir-lock.ts'
import { type LocalDatabase, openDatabase } from './database.ts'
import { insightsHtml } from './insights-page/insights-html.ts'
import { leadsCsv, leadsTable } from './leads-format.ts'
import { consoleLinkCommand } from './local-auth/console-link-command.ts'

/** What `npm run leads` asks for (server/leads.ts). */
interface LeadsInput {
  csv?: boolean
  limit?: number | null
  status?: NotificationStatus
}

/** What `npm run insights` asks for (server/insights.ts). */
interface InsightsInput {
  days?: number
  source?: string | null
  format?: 'table' | 'csv' | 'html'
}

const insightsFormats = { table: insightsTable, csv: insightsCsv, html: insightsHtml }

const apiKeySettings = bookingProviders.map((provider) => schedulers[provider].api.keySetting)

function reconciledLine({ read, notices, failed }: ReconcileSummary): string {
  const names = failed.map((provider) => schedulers[provider].name).join(' and ')
  const failure = failed.length ? `; reading ${names} failed (see above) and is tried next run` : ''
  return `Read ${read} booking(s) back from the schedulers; ${notices} change(s) for sales${failure}.\n`
}

/**
 * `npm run notify:retry`: the scheduled job's run, as the retry endpoint does it: the
 * schedulers' bookings read back, then every notification due sent.
 */
async function notifyRetry(stores: FunctionStores, config: BackendConfig): Promise<CommandResult> {
  const { jobs } = createBackend(config, stores)
  if (jobs.channels.length === 0 && !jobs.readsBack) {
    const output = `Nothing to do: set RESEND_API_KEY and NOTIFY_EMAIL_TO, or NOTIFY_WEBHOOK_URL, to send notifications, or ${apiKeySettings.join(' or ')} to read bookings back.\n`
    return { output, exitCode: 1 }
  }
  const { bookings, sent, failed } = await jobs.run()
  let output = bookings ? reconciledLine(bookings) : ''
  if (jobs.channels.length > 0) {
    output += `Sent ${sent} pending notification(s) by ${jobs.channels.join(' and ')}; ${failed} failed and stay pending.\n`
  }
  const exitCode = (bookings?.failed.length ?? 0) > 0 || failed > 0 ? 1 : 0
  return { output, exitCode }
}

/**
 * Runs a command a person gave against the local data: `leads`, `insights`, `notify-retry` or
 * `console-link`. It runs in whichever process holds the database, so it takes plain input and
 * returns the text to print.
 */
async function runLocalCommand(
  stores: FunctionStores & { db: SqlDatabase },
  config: BackendConfig,
  command: string,
  input: unknown,
): Promise<CommandResult> {
  if (command === 'leads') {
    const { csv = false, limit = null, status } = (input ?? {}) as LeadsInput
    const [leads, total] = await Promise.all([
      stores.leads.list(limit, status),
      stores.leads.count(status),
    ])
    const output = csv ? leadsCsv(leads) : `${leadsTable(leads)}\n`
    // Never a silent cut: say how many were left out and how to get them.
    const left = total - leads.length
    const note =
      left > 0 ? `${leads.length} newest of ${total} shown; --all lists every one.\n` : ''
    return { output, note, exitCode: 0 }
  }
  if (command === 'insights') {
    const { days = 30, source = null, format = 'table' } = (input ?? {}) as InsightsInput
    const range = reportDays(new Date(), days, config.salesTimeZone)
    // Summed by the database, as the console's GET /funnel reads them (funnel-report.ts): the
    // report never holds a row per counter or per lead.
    const rows = await stores.funnel.report({
      from: range.since,
      to: range.until,
      timeZone: config.salesTimeZone,
      source,
      sourceCampaigns: config.analytics.sourceCampaigns,
    })
    const totals = totalsOfRows(rows, range.since)
    const output = insightsFormats[format](
      buildInsights(totals, { ...range, source, timeZone: config.salesTimeZone }),
    )
    return { output, exitCode: 0 }
  }
  if (command === 'notify-retry') return notifyRetry(stores, config)
  if (command === 'console-link') return consoleLinkCommand(stores.db, config)
  return { output: `Unknown command "${command}"\n`, exitCode: 2 }
}

/** Has the holder of `database` run the commands other processes ask of it, with `config`. */
export function answerCommands(database: LocalDatabase, config: BackendConfig): void {
  database.answerCommands((command, input) => runLocalCommand(database, config, command, input))
}

/**
 * Runs a local command on the configured data: through the process holding the embedded folder
 * when there is one, else by opening the database itself.
 */
export async function runCommand(
  config: BackendConfig,
  command: string,
  input: unknown,
): Promise<CommandResult> {
  try {
    if (config.databaseUrl === null) {
      const answer = await askDataDirHolder(config.dataDir, command, input)
      if (answer !== null) return answer
    }
    const database = await openDatabase(config)
    try {
      return await runLocalCommand(database, config, command, input)
    } finally {
      await database.close()
    }
  } catch (error) {
    // A database that cannot be reached is something to fix, not a stack trace to read.
    return { output: `${error instanceof Error ? error.message : error}\n`, exitCode: 1 }
  }
}
