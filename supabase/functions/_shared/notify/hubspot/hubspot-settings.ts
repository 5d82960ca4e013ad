import { httpsOrigin } from '../crm/https-url.ts'

/** Where HubSpot is, the token it is written with, and where new deals go. */
export interface HubSpotSettings {
  /** A private app's access token, sent as `Authorization: Bearer`. */
  accessToken: string
  /** The API's origin, without a trailing slash. */
  apiUrl: string
  /** The internal id of the pipeline new deals go in. */
  pipeline: string
  /** The internal id of the stage they start in, one of that pipeline's. */
  dealStage: string
}

/** HubSpot's defaults: its API, and the first stage of the pipeline every account has. */
export const hubSpotDefaults = {
  apiUrl: 'https://api.hubapi.com',
  pipeline: 'default',
  dealStage: 'appointmentscheduled',
} as const

/**
 * HubSpot's settings, or null when `HUBSPOT_ACCESS_TOKEN` and the rest are all unset. A part
 * without the rest stops the start with a line that says what to add, so a half-set CRM is
 * never silently left out.
 */
export function readHubSpotSettings(
  env: (name: string) => string | undefined,
): HubSpotSettings | null {
  const accessToken = env('HUBSPOT_ACCESS_TOKEN')?.trim() ?? ''
  const apiUrl = env('HUBSPOT_API_URL')?.trim() ?? ''
  const pipeline = env('HUBSPOT_PIPELINE')?.trim() ?? ''
  const dealStage = env('HUBSPOT_DEAL_STAGE')?.trim() ?? ''
  if (accessToken === '') {
    const set = Object.entries({
      HUBSPOT_API_URL: apiUrl,
      HUBSPOT_PIPELINE: pipeline,
      HUBSPOT_DEAL_STAGE: dealStage,
    }).find(([, setting]) => setting !== '')
    if (set) {
      throw new Error(
        `${set[0]} is set but HUBSPOT_ACCESS_TOKEN is not: set it to the access token of a HubSpot private app (docs/integrations.md#hubspot), or unset ${set[0]}`,
      )
    }
    return null
  }
  // A custom pipeline's stages have ids of their own: the default pipeline's first stage is
  // none of them, and HubSpot would refuse every deal.
  if (pipeline !== '' && dealStage === '') {
    throw new Error(
      'HUBSPOT_DEAL_STAGE must be set with HUBSPOT_PIPELINE: the internal id of the stage new deals start in (Settings → Objects → Deals → Pipelines)',
    )
  }
  return {
    accessToken,
    apiUrl: httpsOrigin(
      'HUBSPOT_API_URL',
      apiUrl || hubSpotDefaults.apiUrl,
      hubSpotDefaults.apiUrl,
    ),
    pipeline: pipeline || hubSpotDefaults.pipeline,
    dealStage: dealStage || hubSpotDefaults.dealStage,
  }
}
