import { describe, expect, it } from 'vitest'
import { readChatSettings } from './chat-settings.ts'

const read = (vars: Record<string, string>) => readChatSettings((name) => vars[name])

describe('readChatSettings', () => {
  it('reads none as no Slack, no Teams and no link', () => {
    expect(read({ SLACK_WEBHOOK_URL: ' ' })).toEqual({
      slackWebhookUrl: null,
      teamsWebhookUrl: null,
      consoleUrl: null,
    })
  })

  it('takes plain http only on this machine, where a stand-in listens', () => {
    expect(read({ SLACK_WEBHOOK_URL: 'http://127.0.0.1:4000/hook' }).slackWebhookUrl).toBe(
      'http://127.0.0.1:4000/hook',
    )
    expect(read({ CONSOLE_URL: 'http://localhost:3000/console' }).consoleUrl).toBe(
      'http://localhost:3000/console',
    )
  })

  it('refuses anything else, saying what to set without printing a webhook address', () => {
    expect(() =>
      read({ SLACK_WEBHOOK_URL: 'http://hooks.slack.com/services/T0/B0/secret' }),
    ).toThrow(
      'SLACK_WEBHOOK_URL must be the Webhook URL Slack shows for an incoming webhook (https://hooks.slack.com/services/…): an https address (http only for localhost); what is set starts http:',
    )
    expect(() => read({ TEAMS_WEBHOOK_URL: 'prod-1.logic.azure.com/secret' })).toThrow(
      /^TEAMS_WEBHOOK_URL must be the HTTP POST URL of a Teams workflow .+; what is set is not an address$/,
    )
    expect(() => read({ CONSOLE_URL: 'firm.example/console' })).toThrow(
      `CONSOLE_URL must be the console's address (https://firm.example/console): an https address (http only for localhost), not "firm.example/console"`,
    )
    const secrets: Record<string, string>[] = [
      { SLACK_WEBHOOK_URL: 'http://x/secret' },
      { TEAMS_WEBHOOK_URL: 'x/secret' },
    ]
    for (const vars of secrets) {
      expect(() => read(vars)).toThrow(
        expect.objectContaining({ message: expect.not.stringContaining('secret') }),
      )
    }
  })
})
