import {
  createConfiguredDispatcher,
  type FunctionStores,
} from '../supabase/functions/_shared/config/configured-handler.ts'
import type { NotificationStatus } from '../supabase/functions/_shared/lead/lead-store.ts'
import type { BackendConfig } from './config.ts'
import type { CommandResult } from './data-dir-lock.ts'
import { insightsCsv, insightsTable } from './insights/insights-format.ts'
import { insightsHtml } from './insights/insights-html.ts'
import { buildInsights, reportDays } from './insights/insights-report.ts'
import { leadsCsv, leadsTable } from './leads-format.ts'

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

/**
 * Runs a command a person gave against the local data: `leads`, `insights` or `notify-retry`. It runs in
 * whichever process holds the database, so it takes plain input and returns the text to print.
 */
export async function runLocalCommand(
  stores: FunctionStores,
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
    const range = reportDays(new Date(), days)
    // Summed by the database: the report never holds a row per counter or per lead.
    const { sourcePages, dayPairs } = config.analytics
    const totals = await stores.funnel.totals(range.since, source, { sourcePages, dayPairs })
    const output = insightsFormats[format](buildInsights(totals, { ...range, source }))
    return { output, exitCode: 0 }
  }
  if (command === 'notify-retry') {
    const dispatcher = createConfiguredDispatcher(config, stores.notifications)
    if (dispatcher.channels.length === 0) {
      const output =
        'No notifier is configured: set RESEND_API_KEY and NOTIFY_EMAIL_TO, or NOTIFY_WEBHOOK_URL.\n'
      return { output, exitCode: 1 }
    }
    const { sent, failed } = await dispatcher.retryDue()
    const output = `Sent ${sent} pending notification(s) by ${dispatcher.channels.join(' and ')}; ${failed} failed and stay pending.\n`
    return { output, exitCode: failed > 0 ? 1 : 0 }
  }
  return { output: `Unknown command "${command}"\n`, exitCode: 2 }
}
