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
    const { csv = false, limit = 1000 } = (input ?? {}) as { csv?: boolean; limit?: number }
    const leads = await store.list(limit)
    return { output: csv ? leadsCsv(leads) : `${leadsTable(leads)}\n`, exitCode: 0 }
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
