import type {
  DeadLetter,
  IntegrationState,
  IntegrationsReport,
  RetryResult,
  TestSendResult,
} from '#core/console-api.ts'
import { type DeliveryChannel, deliveryChannels } from '#core/delivery-channels.ts'
import { toDate } from '../../db/sql-role.ts'
import type { Notifier } from '../../notify/notifier.ts'
import type { ConsoleContext } from '../console-context.ts'
import { invalid, notFound } from '../console-reply.ts'
import { testLead } from './test-lead.ts'

/** What the Integrations routes need beyond the console's context: the function's notifiers. */
export interface IntegrationDeps {
  /** The notifiers the function's settings build; a channel without one is "not set". */
  notifiers: readonly Notifier[]
  /** How long "Send a test" waits for the destination's answer. */
  testTimeoutMs: number
}

// Enough to see what went wrong without a page of them; the Retry sends every one.
const deadLettersShown = 20

function channelOf(context: ConsoleContext): DeliveryChannel {
  const asked = context.path[1] ?? ''
  const channel = deliveryChannels.find((name) => name === asked)
  if (channel === undefined) throw notFound(`There is no destination named ${asked}.`)
  return channel
}

type StateRow = {
  channel: string
  sent: string | number
  last_sent_at: Date | string | null
  waiting: string | number
  dead: string | number
}
type DeadRow = {
  kind: DeadLetter['kind']
  key: string
  lead_id: string | null
  attempts: number
  last_error: string | null
  failed_at: Date | string | null
}

/**
 * Each channel's state: set or not from the function's own settings (a channel may have rows
 * from before it was unset), and its deliveries from the outbox, through the owner-only
 * functions of the migration, so the database refuses any other role.
 */
export function getIntegrations(
  context: ConsoleContext,
  { notifiers }: IntegrationDeps,
): Promise<IntegrationsReport> {
  return context.run(async (tx) => {
    const rows = await tx.query<StateRow>('select * from public.console_delivery_states()')
    const integrations: IntegrationState[] = []
    for (const channel of deliveryChannels) {
      const row = rows.find((state) => state.channel === channel)
      const dead = Number(row?.dead ?? 0)
      const letters =
        dead === 0
          ? []
          : await tx.query<DeadRow>('select * from public.console_dead_letters($1, $2)', [
              channel,
              deadLettersShown,
            ])
      integrations.push({
        channel,
        configured: notifiers.some((notifier) => notifier.channel === channel),
        sent: Number(row?.sent ?? 0),
        lastSuccess: row?.last_sent_at ? toDate(row.last_sent_at).toISOString() : null,
        waiting: Number(row?.waiting ?? 0),
        dead,
        deadLetters: letters.map((letter) => ({
          kind: letter.kind,
          key: letter.key,
          leadId: letter.lead_id,
          attempts: letter.attempts,
          lastError: letter.last_error ?? '',
          failedAt: letter.failed_at === null ? null : toDate(letter.failed_at).toISOString(),
        })),
      })
    }
    return { integrations }
  })
}

/** The owner's Retry: the channel's dead letters go back to the job runner, due now. */
export function postRetry(context: ConsoleContext): Promise<RetryResult> {
  const channel = channelOf(context)
  return context.run(async (tx) => {
    const [row] = await tx.query<{ retried: number }>(
      'select public.console_retry_dead($1) as retried',
      [channel],
    )
    return { channel, retried: Number(row?.retried ?? 0) }
  })
}

/**
 * "Send a test": the channel's own notifier with the made-up test lead, and its answer as it
 * came. The database says whether the caller may and records it first; the send runs after the
 * transaction, so no connection waits on a slow destination.
 */
export async function postTest(
  context: ConsoleContext,
  { notifiers, testTimeoutMs }: IntegrationDeps,
): Promise<TestSendResult> {
  const channel = channelOf(context)
  const notifier = notifiers.find((candidate) => candidate.channel === channel)
  await context.run(async (tx) => {
    if (notifier === undefined) {
      // The owner hears it is not set; anyone else, as ever, that they may not.
      await tx.query("select public.console_require_owner('sends tests')")
      throw invalid(`${channel} is not set in the function's settings: there is nothing to test.`)
    }
    await tx.query('select public.console_record_delivery_test($1)', [channel])
  })
  if (notifier === undefined) throw invalid(`${channel} is not set.`)
  try {
    await notifier.notify(testLead(context.now()), AbortSignal.timeout(testTimeoutMs))
    return { channel, ok: true, message: '' }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { channel, ok: false, message: message.slice(0, 500) }
  }
}
