import { type ChatNotifierOptions, createChatNotifier } from './chat-notifier.ts'
import type { Notifier } from './notifier.ts'
import { slackMessage } from './slack-message.ts'

/**
 * A notifier posting to a Slack incoming webhook (SLACK_WEBHOOK_URL): a message per new lead,
 * booking change, unbooked lead and window of held leads. Slack answers 200 `ok`; its refusals
 * become `DeliveryRefused` (chat-webhook.ts).
 */
export const createSlackNotifier = (options: ChatNotifierOptions): Notifier =>
  createChatNotifier(
    'slack',
    { service: 'Slack', setting: 'SLACK_WEBHOOK_URL' },
    slackMessage,
    options,
  )
