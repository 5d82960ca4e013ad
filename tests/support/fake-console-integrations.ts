// The Integrations page's states for the fake console API: every destination set and healthy,
// some with dead letters, or none set. Only type imports, so Storybook loads it too.
import type { IntegrationState, TestSendResult } from '#core/console-api.ts'
import { type DeliveryChannel, deliveryChannels } from '#core/delivery-channels.ts'

export type IntegrationsFixture = 'healthy' | 'dead' | 'unset'

const lastSuccess = '2026-11-28T11:58:00Z'

function healthy(channel: DeliveryChannel, index: number): IntegrationState {
  return {
    channel,
    configured: true,
    sent: 120 + index * 7,
    lastSuccess,
    waiting: index === 0 ? 1 : 0,
    dead: 0,
    deadLetters: [],
  }
}

/** Each destination as the fixture has it, in the channels' order. */
export function fakeIntegrations(fixture: IntegrationsFixture): IntegrationState[] {
  return deliveryChannels.map((channel, index) => {
    if (fixture === 'unset') {
      return {
        ...healthy(channel, index),
        configured: false,
        sent: 0,
        lastSuccess: null,
        waiting: 0,
      }
    }
    const state = healthy(channel, index)
    if (fixture === 'healthy') return state
    if (channel === 'hubspot') {
      return {
        ...state,
        dead: 2,
        deadLetters: [
          {
            kind: 'lead',
            key: '5b7e2a4e-0c1d-4c36-9a43-7b1e4f1f6a11',
            leadId: '5b7e2a4e-0c1d-4c36-9a43-7b1e4f1f6a11',
            attempts: 5,
            lastError: 'HubSpot answered 401: Authentication credentials not found.',
            failedAt: '2026-11-28T19:47:00Z',
          },
          {
            kind: 'booking',
            key: 'cal:b-17:booked',
            leadId: '6c8f3b5f-1d2e-4d47-8b54-8c2f5a2a7b22',
            attempts: 5,
            lastError: 'HubSpot answered 401: Authentication credentials not found.',
            failedAt: '2026-11-28T18:05:00Z',
          },
        ],
      }
    }
    if (channel === 'teams') {
      return { ...state, configured: false, sent: 0, lastSuccess: null, waiting: 0 }
    }
    return state
  })
}

/** What "Send a test" answers for the fixture: HubSpot's refusal where it has dead letters. */
export function fakeTestSend(
  fixture: IntegrationsFixture,
  channel: DeliveryChannel,
): TestSendResult {
  if (fixture === 'dead' && channel === 'hubspot') {
    return {
      channel,
      ok: false,
      message: 'HubSpot answered 401: Authentication credentials not found.',
    }
  }
  return { channel, ok: true, message: '' }
}
