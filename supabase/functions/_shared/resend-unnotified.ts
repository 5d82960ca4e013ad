import type { DemoRequestStore } from './demo-request-store.ts'
import type { Notifier } from './notifier.ts'
import { notifyLead } from './notify-lead.ts'

/** What {@link resendUnnotified} needs. */
export interface ResendUnnotifiedOptions {
  store: DemoRequestStore
  notifier: Notifier
  now?: () => Date
  timeoutMs?: number
  /** Leads younger than this may still be in flight in the function; they are left alone. */
  minAgeSeconds?: number
  limit?: number
  log?: (message: string, error?: unknown) => void
}

/** Sends every pending or failed lead to sales again; returns how many went out and failed. */
export async function resendUnnotified(
  options: ResendUnnotifiedOptions,
): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? (() => new Date())
  const cutoff = new Date(now().getTime() - (options.minAgeSeconds ?? 60) * 1000)
  const leads = await options.store.listUnnotified(cutoff, options.limit ?? 500)
  let sent = 0
  for (const lead of leads) {
    const ok = await notifyLead(lead, {
      store: options.store,
      notifier: options.notifier,
      now,
      timeoutMs: options.timeoutMs ?? 10_000,
      log: options.log,
    })
    if (ok) sent += 1
  }
  return { sent, failed: leads.length - sent }
}
