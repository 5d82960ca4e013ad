import { type ChatWebhook, postToChat } from '../notify/chat-webhook.ts'
import { type ClaimedSendRun, claimedSendRun } from '../notify/claimed-sends.ts'
import { type ResendAccount, sendResendEmail } from '../notify/resend-notifier.ts'
import { slackMessage } from '../notify/slack-message.ts'
import { teamsCard } from '../notify/teams-card.ts'
import { type QuietAlarmContext, quietAlarmEmail, quietChatMessage } from './quiet-alarm-message.ts'
import type { ClaimedQuietAlarm, QuietAlarmStore, QuietChannel } from './quiet-alarm-store.ts'
import { quietMaxTries } from './quiet-alarm-store.ts'

export interface QuietAlarmJobOptions extends QuietAlarmContext {
  store: QuietAlarmStore
  /** The email API's account; null sends no email. */
  account: ResendAccount | null
  /** SLACK_WEBHOOK_URL and TEAMS_WEBHOOK_URL; null sends nothing there. */
  slackWebhookUrl: string | null
  teamsWebhookUrl: string | null
  /** After this long a hanging send is abandoned and counts as failed (NOTIFY_TIMEOUT_MS). */
  timeoutMs: number
  now: () => Date
  fetch?: typeof globalThis.fetch
  log?: (message: string, error?: unknown) => void
  /** Alarms one run sends at most; 50 by default. */
  limit?: number
}

/** The same key on every try of one alarm, so the email API sends it once. */
async function alarmKey(claim: ClaimedQuietAlarm): Promise<string> {
  const spell = [claim.source, claim.page, claim.lastView.toISOString()].join('\n')
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(spell))
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0'))
  return `quiet-page-${claim.kind}-${hex.join('')}`
}

/**
 * The quiet page alarms' part of the scheduled job (docs/analytics.md#a-quiet-page-alarm):
 * claims each alarm and all-clear due, one at a time, and sends it on its channel. A claim is
 * written before the send, so two runs at once, or a run after a restart, send each once (the
 * email's key covers a run that died mid-send; a chat post then shows twice, with one reference).
 * Null when no channel is set. Rejects only when the store does.
 */
export function createQuietAlarmJob(
  options: QuietAlarmJobOptions,
): (() => Promise<ClaimedSendRun>) | null {
  const { store, now } = options
  const fetch = options.fetch ?? globalThis.fetch
  const hook = (service: ChatWebhook['service'], setting: string, url: string): ChatWebhook => ({
    service,
    setting,
    url,
    fetch,
    now,
  })
  const senders: Partial<
    Record<QuietChannel, (claim: ClaimedQuietAlarm, signal: AbortSignal) => Promise<void>>
  > = {}
  const { account, slackWebhookUrl, teamsWebhookUrl } = options
  if (account !== null) {
    senders.email = async (claim, signal) => {
      // With nobody to tell, the alarm waits for an owner or marketing to be added.
      if (claim.recipients.length === 0)
        throw new Error('No owner or marketing on the staff to email')
      await sendResendEmail(
        { ...account, fetch: account.fetch ?? fetch },
        claim.recipients,
        quietAlarmEmail(claim, options),
        await alarmKey(claim),
        signal,
      )
    }
  }
  if (slackWebhookUrl !== null) {
    const slack = hook('Slack', 'SLACK_WEBHOOK_URL', slackWebhookUrl)
    senders.slack = (claim, signal) =>
      postToChat(slack, slackMessage(quietChatMessage(claim, options)), signal)
  }
  if (teamsWebhookUrl !== null) {
    const teams = hook('Teams', 'TEAMS_WEBHOOK_URL', teamsWebhookUrl)
    senders.teams = (claim, signal) =>
      postToChat(teams, teamsCard(quietChatMessage(claim, options)), signal)
  }
  const channels = Object.keys(senders) as QuietChannel[]
  if (channels.length === 0) return null

  return claimedSendRun<ClaimedQuietAlarm>({
    timeoutMs: options.timeoutMs,
    now,
    log: options.log ?? console.error,
    limit: options.limit ?? 50,
    maxTries: quietMaxTries,
    noun: 'a quiet page alarm',
    describe: (claim) => `The quiet page ${claim.kind} for ${claim.page} on ${claim.channel}`,
    claimNext: async (leaseSeconds) =>
      (
        await store.claimDue({
          now: now(),
          quietHours: options.quietHours,
          channels,
          leaseSeconds,
          limit: 1,
        })
      )[0],
    record: (claim, outcome) => store.record(claim, outcome),
    async send(claim, signal) {
      await senders[claim.channel]?.(claim, signal)
      return true
    },
  })
}
