import { afterEach, beforeEach, expect, it } from 'vitest'
import {
  type HubSpotStandIn,
  startHubSpotStandIn,
} from '../../../../../tests/support/hubspot-stand-in.ts'
import { createDemoRequestIdProperty } from './hubspot-setup.ts'

let api: HubSpotStandIn
beforeEach(async () => {
  api = await startHubSpotStandIn()
})
afterEach(() => api.close())

it('creates the unique deal property once, and finds it there on a second run', async () => {
  const settings = { apiUrl: api.url, accessToken: api.token }
  expect(await createDemoRequestIdProperty(settings)).toBe('created')
  expect(await createDemoRequestIdProperty(settings)).toBe('existed')
  expect(api.dealProperties).toEqual(new Set(['demo_request_id']))
  expect(JSON.parse(api.requests[0]?.body ?? '')).toMatchObject({
    name: 'demo_request_id',
    groupName: 'dealinformation',
    type: 'string',
    fieldType: 'text',
    hasUniqueValue: true,
  })
})

it('names the token setting when HubSpot refuses the token', async () => {
  await expect(
    createDemoRequestIdProperty({ apiUrl: api.url, accessToken: 'pat-na1-wrong' }),
  ).rejects.toThrow(/HUBSPOT_ACCESS_TOKEN/)
  expect(api.dealProperties.size).toBe(0)
})
