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
      // The default pipeline's own stages; it has none for "contacted".
      statusStages: {
        new: 'appointmentscheduled',
        qualified: 'qualifiedtobuy',
        won: 'closedwon',
        lost: 'closedlost',
      },
    })
  })

  it('reads every setting, and takes http on this machine alone', () => {
    expect(
      from({
        HUBSPOT_ACCESS_TOKEN: 'pat-na1-abc',
        HUBSPOT_API_URL: 'http://127.0.0.1:4010/',
        HUBSPOT_PIPELINE: '12345',
        HUBSPOT_DEAL_STAGE: '67890',
        HUBSPOT_STATUS_STAGES: ' {"won": "67895", "lost": "67896"} ',
      }),
    ).toEqual({
      accessToken: 'pat-na1-abc',
      apiUrl: 'http://127.0.0.1:4010',
      pipeline: '12345',
      dealStage: '67890',
      // A pipeline of the firm's own: its stages only from the setting, and the first for "new".
      statusStages: { new: '67890', won: '67895', lost: '67896' },
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
    expect(() => from({ HUBSPOT_STATUS_STAGES: '{"won":"closedwon"}' })).toThrow(
      /HUBSPOT_STATUS_STAGES is set but HUBSPOT_ACCESS_TOKEN is not/,
    )
  })

  it("refuses a stage map that is not the console's statuses to stage ids", () => {
    const token = { HUBSPOT_ACCESS_TOKEN: 'pat' }
    expect(() => from({ ...token, HUBSPOT_STATUS_STAGES: 'won=closedwon' })).toThrow(
      /HUBSPOT_STATUS_STAGES must be a JSON object .*it is not JSON/,
    )
    expect(() => from({ ...token, HUBSPOT_STATUS_STAGES: '{"closed":"closedwon"}' })).toThrow(
      /"closed" is not one of them/,
    )
    expect(() => from({ ...token, HUBSPOT_STATUS_STAGES: '{"won":7}' })).toThrow(
      /the value for "won" must be a non-empty string/,
    )
  })
})
