/**
 * The funnel's one list of events, from a view of the form to a booked demo (docs/analytics.md),
 * and the shape of the batch a page sends them in. Counts only: a batch names what happened on
 * one page view, never who it happened to. Runs under Deno too: `.ts` imports, valibot only.
 */
import * as v from 'valibot'
import { messageCodes } from './demo-request-schema.ts'
import { formFieldNames, leadFields } from './lead-fields.ts'
import { fitMetadata } from './text-hygiene.ts'

/** What beside the event a counter is kept by: a form field and a message code, or a route. */
type FunnelDetail = 'none' | 'field' | 'field-code' | 'rule'

interface FunnelEventEntry {
  /** `page`: the widget reports it in a batch. `function`: counted from the function's records. */
  by: 'page' | 'function'
  detail: FunnelDetail
  /** At most once in a batch: one page view's worth, which the client rate limit counts. */
  oncePerBatch?: boolean
}

// A registry keyed by name: a new event is one entry, and the compiler finds every gap it leaves.
const funnelEvents = {
  shown: { by: 'page', detail: 'none', oncePerBatch: true },
  started: { by: 'page', detail: 'none', oncePerBatch: true },
  'field-error': { by: 'page', detail: 'field-code' },
  'field-empty': { by: 'page', detail: 'field' },
  'send-tried': { by: 'page', detail: 'none' },
  refused: { by: 'page', detail: 'field-code' },
  'booking-shown': { by: 'page', detail: 'none' },
  'booking-link-used': { by: 'page', detail: 'none' },
  'not-now': { by: 'page', detail: 'none' },
  sent: { by: 'function', detail: 'none' },
  held: { by: 'function', detail: 'none' },
  routed: { by: 'function', detail: 'rule' },
  booked: { by: 'function', detail: 'none' },
  cancelled: { by: 'function', detail: 'none' },
} as const satisfies Record<string, FunnelEventEntry>

export type FunnelEventName = keyof typeof funnelEvents
type Entries = typeof funnelEvents
type By<Who> = { [Name in FunnelEventName]: Entries[Name]['by'] extends Who ? Name : never }
/** The events a page reports. */
export type PageEventName = By<'page'>[FunnelEventName]

const names = Object.keys(funnelEvents) as FunnelEventName[]
/** Every event, page events first, in the funnel's order. */
export const funnelEventNames: readonly FunnelEventName[] = names
/**
 * What a booked demo came to, from the lead's meeting outcome (met, the guest a no-show, our host
 * absent): read from the leads only, never a counter, so the counters' lists leave them out.
 */
const meetingEventNames = ['met', 'no-show', 'host-absent'] as const
type MeetingEventName = (typeof meetingEventNames)[number]
/** Every event a funnel report holds: the counters' and the meetings'. */
export type ReportEventName = FunnelEventName | MeetingEventName
export const reportEventNames: readonly ReportEventName[] = [...names, ...meetingEventNames]

/** The events a batch may carry. */
export const pageEventNames = names.filter(
  (name) => funnelEvents[name].by === 'page',
) as readonly PageEventName[]
/** The events only the function counts, from its own records: no batch can add one. */
export const functionEventNames = names.filter((name) => funnelEvents[name].by === 'function')

/** A batch's bounds: one page view's events, read whole before anything is counted. */
export const funnelBatchLimits = {
  /** Events in one batch. */
  events: 50,
  /** The body's bytes; a full batch of the longest entries fits with room to spare. */
  bodyBytes: 8 * 1024,
  /** Characters of a page's origin and path. */
  page: 1000,
} as const

/**
 * The page a counter is kept under: `address` cut at its first `?` or `#` (the function's SQL
 * cuts a lead's page_url the same way), or `null` unless what is left is an http(s) origin and
 * path as a browser writes `location.href`.
 */
export function funnelPage(address: string): string | null {
  const page = address.replace(/[?#][\s\S]*$/, '')
  if (!URL.canParse(page)) return null
  const url = new URL(page)
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) return null
  return `${url.origin}${url.pathname}` === page ? page : null
}

const fieldNames = formFieldNames as readonly string[]
const pageEventList = pageEventNames.join(', ')

// Each rule's words name what it wants: a refused batch's reply says which rule it broke.
const eventName = v.pipe(
  v.string('must be the name of a page event'),
  v.check(
    (name) => !(functionEventNames as readonly string[]).includes(name),
    'is counted by the function from its own records, never from a page',
  ),
  v.picklist(pageEventNames, `must be one of ${pageEventList}`),
)
const field = v.picklist(formFieldNames, `must be a field of the form: ${fieldNames.join(', ')}`)
const code = v.picklist(messageCodes, `must be a message code: ${messageCodes.join(', ')}`)

// A strict object's one message covers a missing key, an unknown one and a wrong type.
const strictWords =
  (unknownKey: string) =>
  (issue: v.StrictObjectIssue): string =>
    issue.expected === 'never'
      ? unknownKey
      : issue.received === 'undefined'
        ? 'is required'
        : 'must be an object'

const eventEntry = (name: PageEventName) => {
  const event = v.literal(name)
  const unknownKey = strictWords(`is not part of a ${name} event`)
  switch (funnelEvents[name].detail) {
    case 'field':
      return v.strictObject({ event, field }, unknownKey)
    case 'field-code':
      return v.strictObject({ event, field, code }, unknownKey)
    default:
      return v.strictObject({ event }, unknownKey)
  }
}

const onceEach = pageEventNames.filter((name) => 'oncePerBatch' in funnelEvents[name])

const funnelBatchSchema = v.strictObject(
  {
    /**
     * The element's `source`, cleaned and cut as the widget cuts a lead's, so a page's counts and
     * leads agree, and an over-long one is counted under the same words as its leads.
     */
    source: v.optional(
      v.pipe(
        v.string('must be text'),
        v.transform((text) => fitMetadata(text, leadFields.source.max)),
      ),
      '',
    ),
    /**
     * The `utm_source` and `utm_campaign` the page was opened with (the widget reads them as it
     * reads a lead's), so views can be counted per campaign while the page is kept without its
     * query. Cleaned and cut as a lead's are; '' for none.
     */
    utmSource: v.optional(
      v.pipe(
        v.string('must be text'),
        v.transform((text) => fitMetadata(text, leadFields.utmSource.max)),
      ),
      '',
    ),
    utmCampaign: v.optional(
      v.pipe(
        v.string('must be text'),
        v.transform((text) => fitMetadata(text, leadFields.utmCampaign.max)),
      ),
      '',
    ),
    page: v.pipe(
      v.string('must be the page address'),
      v.maxLength(2000, 'must be at most 2000 characters'),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const page = funnelPage(dataset.value)
        if (page !== null) return page
        addIssue({ message: 'must be an http(s) page address, as location.href writes it' })
        return NEVER
      }),
      v.maxLength(
        funnelBatchLimits.page,
        `must be at most ${funnelBatchLimits.page} characters without its query and fragment`,
      ),
    ),
    events: v.pipe(
      v.array(
        v.pipe(
          v.looseObject({ event: eventName }, 'must be an object naming its event'),
          v.rawTransform(({ dataset, addIssue, NEVER }) => {
            const result = v.safeParse(eventEntry(dataset.value.event), dataset.value)
            if (result.success) return result.output
            for (const issue of result.issues) {
              addIssue({ message: issue.message, path: issue.path })
            }
            return NEVER
          }),
        ),
        'must be a list of events',
      ),
      v.minLength(1, 'must hold at least one event'),
      v.maxLength(funnelBatchLimits.events, `must hold at most ${funnelBatchLimits.events} events`),
      v.check(
        (events) => onceEach.every((name) => events.filter((e) => e.event === name).length <= 1),
        `may hold each of ${onceEach.join(', ')} once: a batch is one page view's events`,
      ),
    ),
  },
  strictWords('is not part of a batch: source, utmSource, utmCampaign, page and events are'),
)

/** A batch as the function counts it: its page cut to origin and path, its source cleaned. */
export type FunnelBatch = v.InferOutput<typeof funnelBatchSchema>

/**
 * Checks a batch as it arrived (parsed JSON). The problems are keyed by where each is
 * (`events.2.code`), each in words that name the rule broken.
 */
export function checkFunnelBatch(
  input: unknown,
): { success: true; output: FunnelBatch } | { success: false; problems: Record<string, string> } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { success: false, problems: { batch: 'must be a JSON object' } }
  }
  const result = v.safeParse(funnelBatchSchema, input)
  if (result.success) return { success: true, output: result.output }
  const problems: Record<string, string> = {}
  for (const issue of result.issues) problems[v.getDotPath(issue) ?? 'batch'] ??= issue.message
  return { success: false, problems }
}
