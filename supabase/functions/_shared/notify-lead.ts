import type { DemoRequestStore } from './demo-request-store.ts'
import type { LeadNotice, Notifier } from './notifier.ts'

/** What {@link notifyLead} needs. */
export interface NotifyLeadOptions {
  store: DemoRequestStore
  notifier: Notifier
  now: () => Date
  /** After this long a hanging notifier is abandoned and the attempt counts as failed. */
  timeoutMs: number
  log?: (message: string, error?: unknown) => void
}

/**
 * Tells sales about a stored lead and records the outcome on its row. Never throws and never
 * waits longer than the timeout: the lead is already safe, and a failed one is sent again later.
 */
export async function notifyLead(lead: LeadNotice, options: NotifyLeadOptions): Promise<boolean> {
  const log = options.log ?? console.error
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new Error(`Notifier gave no answer within ${options.timeoutMs} ms`))
    }, options.timeoutMs)
  })
  let outcome: { status: 'sent' | 'failed'; error?: string }
  try {
    // The race also covers a notifier that ignores the abort signal.
    await Promise.race([options.notifier.notify(lead, controller.signal), timeout])
    outcome = { status: 'sent' }
  } catch (error) {
    log(`Notification for demo request ${lead.id} failed`, error)
    outcome = { status: 'failed', error: error instanceof Error ? error.message : String(error) }
  } finally {
    clearTimeout(timer)
  }
  try {
    await options.store.recordNotification(lead.id, outcome, options.now())
  } catch (error) {
    // The row stays pending, which the retry command picks up as well.
    log(`Could not record the notification state of demo request ${lead.id}`, error)
  }
  return outcome.status === 'sent'
}
