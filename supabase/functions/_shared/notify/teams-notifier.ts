import { type ChatNotifierOptions, createChatNotifier } from './chat-notifier.ts'
import type { Notifier } from './notifier.ts'
import { teamsCard } from './teams-card.ts'

/**
 * A notifier posting to a Teams Workflows webhook (TEAMS_WEBHOOK_URL), the successor of the
 * retired Office 365 connectors: the same messages as Slack's, as Adaptive Cards. Workflows
 * answers 202 Accepted before its flow runs, so a card the flow fails to post shows in the
 * flow's run history, not here.
 */
export const createTeamsNotifier = (options: ChatNotifierOptions): Notifier =>
  createChatNotifier(
    'teams',
    { service: 'Teams', setting: 'TEAMS_WEBHOOK_URL' },
    teamsCard,
    options,
  )
