import { httpsOrigin } from '../crm/https-url.ts'
import { readStatusMap, type StatusMap } from '../crm/status-map.ts'

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
  /**
   * The stage a deal moves to when staff give its lead a status in the console; a status left
   * out moves it nowhere. `new` is the stage deals start in.
   */
  statusStages: StatusMap
}

/** HubSpot's defaults: its API, and the first stage of the pipeline every account has. */
const hubSpotDefaults = {
  apiUrl: 'https://api.hubapi.com',
  pipeline: 'default',
  dealStage: 'appointmentscheduled',
} as const

// The default pipeline's stages for the console's statuses. It has no stage for "contacted":
// the deal stays where sales put it.
const defaultPipelineStages: StatusMap = {
  qualified: 'qualifiedtobuy',
  won: 'closedwon',
  lost: 'closedlost',
}

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
  const statusStages = readStatusMap('HUBSPOT_STATUS_STAGES', env('HUBSPOT_STATUS_STAGES'))
  if (accessToken === '') {
    const set = Object.entries({
      HUBSPOT_API_URL: apiUrl,
      HUBSPOT_PIPELINE: pipeline,
      HUBSPOT_DEAL_STAGE: dealStage,
      HUBSPOT_STATUS_STAGES: statusStages === undefined ? '' : 'set',
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
  const startStage = dealStage || hubSpotDefaults.dealStage
  return {
    accessToken,
    apiUrl: httpsOrigin(
      'HUBSPOT_API_URL',
      apiUrl || hubSpotDefaults.apiUrl,
      hubSpotDefaults.apiUrl,
    ),
    pipeline: pipeline || hubSpotDefaults.pipeline,
    dealStage: startStage,
    // A pipeline of the firm's own has stage ids of its own: only the setting can name them.
    statusStages: {
      new: startStage,
      ...(pipeline === '' || pipeline === hubSpotDefaults.pipeline ? defaultPipelineStages : {}),
      ...statusStages,
    },
  }
}
