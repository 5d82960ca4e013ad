import { describe, expect, it } from 'vitest'
import { readHubSpotSettings } from './hubspot-settings.ts'

const from = (vars: Record<string, string>) => readHubSpotSettings((name) => vars[name])

describe('readHubSpotSettings', () => {
  it('is off with none of its settings', () => {
    expect(from({})).toBeNull()
    expect(from({ HUBSPOT_ACCESS_TOKEN: ' ' })).toBeNull()
  })

  it("defaults to HubSpot's API and the first stage of the default pipeline", () => {
    expect(from({ HUBSPOT_ACCESS_TOKEN: ' pat-na1-abc ' })).toEqual({
      accessToken: 'pat-na1-abc',
      apiUrl: 'https://api.hubapi.com',
      pipeline: 'default',
      dealStage: 'appointmentscheduled',
    })
  })

  it('reads every setting, and takes http on this machine alone', () => {
    expect(
      from({
        HUBSPOT_ACCESS_TOKEN: 'pat-na1-abc',
        HUBSPOT_API_URL: 'http://127.0.0.1:4010/',
        HUBSPOT_PIPELINE: '12345',
        HUBSPOT_DEAL_STAGE: '67890',
      }),
    ).toEqual({
      accessToken: 'pat-na1-abc',
      apiUrl: 'http://127.0.0.1:4010',
      pipeline: '12345',
      dealStage: '67890',
    })
    expect(() =>
      from({ HUBSPOT_ACCESS_TOKEN: 'pat', HUBSPOT_API_URL: 'http://hubspot.example' }),
    ).toThrow(/HUBSPOT_API_URL must be an https address/)
  })

  it('names what is missing from a partial setting', () => {
    expect(() => from({ HUBSPOT_PIPELINE: '12345', HUBSPOT_DEAL_STAGE: '6' })).toThrow(
      /HUBSPOT_PIPELINE is set but HUBSPOT_ACCESS_TOKEN is not/,
    )
    expect(() => from({ HUBSPOT_API_URL: 'https://api.hubapi.com' })).toThrow(
      /HUBSPOT_ACCESS_TOKEN/,
    )
    expect(() => from({ HUBSPOT_ACCESS_TOKEN: 'pat', HUBSPOT_PIPELINE: '12345' })).toThrow(
      /HUBSPOT_DEAL_STAGE must be set with HUBSPOT_PIPELINE/,
    )
  })
})
