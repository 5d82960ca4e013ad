import {
  bookingChatMessage,
  type ChatContext,
  type ChatMessage,
  digestChatMessage,
  leadChatMessage,
  noBookingChatMessage,
} from './chat-message.ts'
import { type ChatWebhook, postToChat } from './chat-webhook.ts'
import type { Notifier } from './notifier.ts'

/** What both chat notifiers are made from. */
export interface ChatNotifierOptions {
  /** The webhook's address (SLACK_WEBHOOK_URL, TEAMS_WEBHOOK_URL). */
  webhookUrl: string
  /** CONSOLE_URL: each message links to its lead there; null or absent, no link. */
  consoleUrl?: string | null
  /** SALES_TIME_ZONE; UTC by default. */
  timeZone?: string
  /** DEMO_REQUEST_ROUTES, so a lead's message says what its rule did. */
  routes?: ChatContext['routes']
  fetch?: typeof fetch
  /** Reads a `Retry-After` given as a date. */
  now?: () => Date
}

/**
 * A notifier posting each message, drawn by `draw`, to a chat webhook. Neither Slack nor Teams
 * takes an idempotency key: every attempt posts the same body, and the message's reference lets
 * a reader see a repeat for what it is.
 */
export function createChatNotifier(
  channel: 'slack' | 'teams',
  hook: Pick<ChatWebhook, 'service' | 'setting'>,
  draw: (message: ChatMessage) => unknown,
  options: ChatNotifierOptions,
): Notifier {
  const webhook: ChatWebhook = {
    ...hook,
    url: options.webhookUrl,
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
  }
  const context: ChatContext = {
    consoleUrl: options.consoleUrl ?? null,
    timeZone: options.timeZone ?? 'UTC',
    routes: options.routes,
  }
  const post = (message: ChatMessage, signal: AbortSignal) =>
    postToChat(webhook, draw(message), signal)
  return {
    channel,
    notify: (lead, signal) => post(leadChatMessage(lead, context), signal),
    notifyDigest: (digest, signal) => post(digestChatMessage(digest, context), signal),
    notifyBooking: (booking, signal) => post(bookingChatMessage(booking, context), signal),
    notifyNoBooking: (lead, signal) => post(noBookingChatMessage(lead, context), signal),
  }
}
