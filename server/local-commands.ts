import { configuredNotifier } from '../supabase/functions/_shared/configured-handler.ts'
import type { DemoRequestStore } from '../supabase/functions/_shared/demo-request-store.ts'
import { resendUnnotified } from '../supabase/functions/_shared/resend-unnotified.ts'
import type { BackendConfig } from './config.ts'
import type { CommandResult } from './data-dir-lock.ts'
import { leadsCsv, leadsTable } from './leads-format.ts'

/**
 * Runs a command a person gave against the local data: `leads` or `notify-retry`. It runs in
 * whichever process holds the database, so it takes plain input and returns the text to print.
 */
export async function runLocalCommand(
  store: DemoRequestStore,
  config: BackendConfig,
  command: string,
  input: unknown,
): Promise<CommandResult> {
  if (command === 'leads') {
    const { csv = false, limit = null } = (input ?? {}) as { csv?: boolean; limit?: number | null }
    const [leads, total] = await Promise.all([store.list(limit), store.count()])
    const output = csv ? leadsCsv(leads) : `${leadsTable(leads)}\n`
    // Never a silent cut: say how many were left out and how to get them.
    const left = total - leads.length
    const note =
      left > 0 ? `${leads.length} newest of ${total} shown; --all lists every one.\n` : ''
    return { output, note, exitCode: 0 }
  }
  if (command === 'notify-retry') {
    const notifier = configuredNotifier(config)
    if (notifier === null) {
      const output = 'No email API is configured: set RESEND_API_KEY and NOTIFY_EMAIL_TO.\n'
      return { output, exitCode: 1 }
    }
    const options = { store, notifier, timeoutMs: config.notifyTimeoutMs }
    const { sent, failed } = await resendUnnotified(options)
    const output = `Sent ${sent} pending lead(s); ${failed} failed and stay pending.\n`
    return { output, exitCode: failed > 0 ? 1 : 0 }
  }
  return { output: `Unknown command "${command}"\n`, exitCode: 2 }
}
