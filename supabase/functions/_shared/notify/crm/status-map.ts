import { type PipelineStatus, pipelineStatuses } from '#core/console-api.ts'
import { isRecord } from '#core/is-record.ts'

/** What a CRM writes for each console status; a status left out changes nothing there. */
export type StatusMap = Partial<Record<PipelineStatus, string>>

/**
 * A setting's JSON object from console statuses to the CRM's values, such as
 * `{"won":"closedwon"}`, or undefined when it is unset. Anything else stops the start with a
 * line that says what the setting takes.
 */
export function readStatusMap(setting: string, value: string | undefined): StatusMap | undefined {
  const text = value?.trim() ?? ''
  if (text === '') return undefined
  const wanted = `${setting} must be a JSON object from the console's statuses (${pipelineStatuses.join(', ')}) to the CRM's values, such as {"won":"closedwon"}`
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error(`${wanted}; it is not JSON`)
  }
  if (!isRecord(parsed)) throw new Error(wanted)
  const map: StatusMap = {}
  for (const [status, crmValue] of Object.entries(parsed)) {
    const known = pipelineStatuses.find((name) => name === status)
    if (known === undefined) throw new Error(`${wanted}; "${status}" is not one of them`)
    if (typeof crmValue !== 'string' || crmValue.trim() === '') {
      throw new Error(`${wanted}; the value for "${status}" must be a non-empty string`)
    }
    map[known] = crmValue.trim()
  }
  return map
}
