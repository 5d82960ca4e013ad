/** Where chat messages go (issue 50), and where their links lead. */
export interface ChatSettings {
  /** `SLACK_WEBHOOK_URL`: a Slack incoming webhook; null sends nothing to Slack. */
  slackWebhookUrl: string | null
  /** `TEAMS_WEBHOOK_URL`: a Teams Workflows webhook; null sends nothing to Teams. */
  teamsWebhookUrl: string | null
  /** `CONSOLE_URL`: the console's address, which messages link to; null links nowhere. */
  consoleUrl: string | null
}

// Plain http only where a test's stand-in listens.
const loopback = new Set(['localhost', '127.0.0.1', '[::1]'])

// Checked here, so a typo stops the function at start rather than every message failing. A
// webhook's address is its only secret, so a wrong one is described, never printed.
function address(setting: string, value: string | undefined, what: string, secret: boolean) {
  const text = value?.trim()
  if (!text) return null
  const url = URL.canParse(text) ? new URL(text) : null
  if (url?.protocol === 'https:' || (url?.protocol === 'http:' && loopback.has(url.hostname))) {
    return url.href
  }
  const wrong = !secret
    ? `, not "${value}"`
    : url === null
      ? '; what is set is not an address'
      : `; what is set starts ${url.protocol}`
  throw new Error(`${setting} must be ${what}: an https address (http only for localhost)${wrong}`)
}

/** Reads the chat settings through `env`, as `readFunctionConfig` reads the rest. */
export function readChatSettings(env: (name: string) => string | undefined): ChatSettings {
  return {
    slackWebhookUrl: address(
      'SLACK_WEBHOOK_URL',
      env('SLACK_WEBHOOK_URL'),
      'the Webhook URL Slack shows for an incoming webhook (https://hooks.slack.com/services/…)',
      true,
    ),
    teamsWebhookUrl: address(
      'TEAMS_WEBHOOK_URL',
      env('TEAMS_WEBHOOK_URL'),
      'the HTTP POST URL of a Teams workflow started by "When a Teams webhook request is received"',
      true,
    ),
    consoleUrl: address(
      'CONSOLE_URL',
      env('CONSOLE_URL'),
      "the console's address (https://firm.example/console)",
      false,
    ),
  }
}
