import { afterEach, beforeEach, expect, it } from 'vitest'
import {
  type HubSpotStandIn,
  startHubSpotStandIn,
} from '../../../../../tests/support/hubspot-stand-in.ts'
import { createDealProperties } from './hubspot-setup.ts'

let api: HubSpotStandIn
beforeEach(async () => {
  api = await startHubSpotStandIn()
})
afterEach(() => api.close())

it('creates the deal properties once, and finds them there on a second run', async () => {
  const settings = { apiUrl: api.url, accessToken: api.token }
  expect(await createDealProperties(settings)).toEqual({
    demo_request_id: 'created',
    demo_meeting_outcome: 'created',
  })
  expect(await createDealProperties(settings)).toEqual({
    demo_request_id: 'existed',
    demo_meeting_outcome: 'existed',
  })
  expect(api.dealProperties).toEqual(new Set(['demo_request_id', 'demo_meeting_outcome']))
  expect(api.dealOptions.get('demo_meeting_outcome')).toEqual(['met', 'no_show', 'host_absent'])
  expect(JSON.parse(api.requests[0]?.body ?? '')).toMatchObject({
    name: 'demo_request_id',
    groupName: 'dealinformation',
    type: 'string',
    fieldType: 'text',
    hasUniqueValue: true,
  })
  expect(JSON.parse(api.requests[1]?.body ?? '')).toMatchObject({
    name: 'demo_meeting_outcome',
    type: 'enumeration',
    fieldType: 'select',
  })
})

it('names the token setting when HubSpot refuses the token', async () => {
  await expect(
    createDealProperties({ apiUrl: api.url, accessToken: 'pat-na1-wrong' }),
  ).rejects.toThrow(/HUBSPOT_ACCESS_TOKEN/)
  expect(api.dealProperties.size).toBe(0)
})
