import { isRecord } from '#core/is-record.ts'
import { chunks } from '../crm/chunks.ts'
import { DeliveryRefused } from '../delivery-refused.ts'
import type { HubSpotRequest } from './hubspot-api.ts'

type Json = Record<string, unknown>

/** The most inputs one of HubSpot's batch calls takes. */
export const hubSpotBatchSize = 100

/** One input of a batch upsert, with the key its record is found by in the reply. */
export interface UpsertInput {
  /** What names the record in the reply: its `idProperty`'s value, as the reply spells it. */
  key: string
  input: { idProperty: string; id: string; properties: Record<string, string> }
}

/** Each input's outcome by its key: the record's id, or why HubSpot refused that input alone. */
type Outcomes = Map<string, string | Error>

const text = (value: unknown) => (typeof value === 'string' ? value : '')

// A refusal of the whole request that says nothing of which input it was: one invalid email, a
// stage not in the pipeline. Sent alone, the others go and the one is refused by itself.
const refusedForGood = (error: unknown) =>
  error instanceof DeliveryRefused && error.options.permanent === true

/**
 * Sends `inputs` in one call of `send`; a whole-batch refusal for good is split into one call
 * an input, so it falls on the input it was about. Any other refusal (a limit, a bad token, an
 * outage) rejects: it is the whole batch's.
 */
async function splitOnRefusal<Input>(
  inputs: readonly Input[],
  send: (inputs: readonly Input[]) => Promise<Outcomes>,
  keyOf: (input: Input) => string,
): Promise<Outcomes> {
  try {
    return await send(inputs)
  } catch (error) {
    if (!refusedForGood(error)) throw error
    if (inputs.length === 1) {
      const [only] = inputs
      return new Map(only === undefined ? [] : [[keyOf(only), error as Error]])
    }
    const alone = await Promise.all(inputs.map((input) => splitOnRefusal([input], send, keyOf)))
    return new Map(alone.flatMap((outcomes) => [...outcomes]))
  }
}

// The errors of a 207 reply by the ids they name (`context.ids`), HubSpot's way of saying which
// inputs of a batch it refused; one of validation is refused the same way every time.
function errorsById(reply: Json, path: string): { byId: Map<string, Error>; other?: Error } {
  const byId = new Map<string, Error>()
  let other: Error | undefined
  for (const error of Array.isArray(reply.errors) ? reply.errors.filter(isRecord) : []) {
    const message = `HubSpot refused ${path}: ${text(error.message) || text(error.category)}`
    const refusal =
      error.category === 'VALIDATION_ERROR'
        ? new DeliveryRefused(message, { permanent: true })
        : new Error(message)
    const ids = isRecord(error.context) && Array.isArray(error.context.ids) ? error.context.ids : []
    for (const id of ids) byId.set(String(id).toLowerCase(), refusal)
    if (ids.length === 0) other ??= refusal
  }
  return { byId, other }
}

/**
 * Upserts records of `object` in batches of HubSpot's size, each input's outcome by its key:
 * the record's id as the reply gives it (matched by `idProperty`'s value, as HubSpot does not
 * promise the reply's order), or the error of an input refused alone.
 */
export async function upsertRecords(
  request: HubSpotRequest,
  object: 'contacts' | 'deals',
  inputs: readonly UpsertInput[],
  signal: AbortSignal,
): Promise<Outcomes> {
  const path = `/crm/v3/objects/${object}/batch/upsert`
  const send = async (batch: readonly UpsertInput[]): Promise<Outcomes> => {
    const reply = await request('POST', path, { inputs: batch.map(({ input }) => input) }, signal)
    const { byId, other } = errorsById(reply, path)
    const found = new Map<string, string>()
    for (const record of Array.isArray(reply.results) ? reply.results.filter(isRecord) : []) {
      const properties = isRecord(record.properties) ? record.properties : {}
      const idProperty = batch[0]?.input.idProperty ?? ''
      const key = text(properties[idProperty]).toLowerCase()
      if (key !== '' && typeof record.id === 'string') found.set(key, record.id)
    }
    return new Map(
      batch.map(({ key }) => [
        key,
        found.get(key.toLowerCase()) ??
          byId.get(key.toLowerCase()) ??
          other ??
          new Error(`HubSpot sent ${path} no record for ${key}`),
      ]),
    )
  }
  const outcomes = await Promise.all(
    chunks(inputs, hubSpotBatchSize).map((batch) =>
      splitOnRefusal(batch, send, (input) => input.key),
    ),
  )
  return new Map(outcomes.flatMap((outcome) => [...outcome]))
}

// HubSpot's own association type from a deal to a contact (the "HUBSPOT_DEFINED" category).
const dealToContact = { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 3 } as const

/**
 * Associates each deal with its contact (v4 batch create, HubSpot's own type 3), the outcome by
 * deal id: undefined when the pair is associated (again, harmlessly, on a repeat), the error of a
 * pair refused alone.
 */
export async function associateDeals(
  request: HubSpotRequest,
  pairs: readonly { dealId: string; contactId: string }[],
  signal: AbortSignal,
): Promise<Map<string, Error | undefined>> {
  const path = '/crm/v4/associations/deals/contacts/batch/create'
  const send = async (batch: readonly { dealId: string; contactId: string }[]) => {
    const inputs = batch.map(({ dealId, contactId }) => ({
      types: [dealToContact],
      from: { id: dealId },
      to: { id: contactId },
    }))
    const reply = await request('POST', path, { inputs }, signal)
    const { byId, other } = errorsById(reply, path)
    const done = new Set(
      (Array.isArray(reply.results) ? reply.results.filter(isRecord) : []).map((result) =>
        String(result.fromObjectId),
      ),
    )
    return new Map<string, string | Error>(
      batch.map(({ dealId }) => [
        dealId,
        done.has(dealId)
          ? dealId
          : (byId.get(dealId) ?? other ?? new Error(`HubSpot did not associate deal ${dealId}`)),
      ]),
    )
  }
  const outcomes = await Promise.all(
    chunks(pairs, hubSpotBatchSize).map((batch) =>
      splitOnRefusal(batch, send, (pair) => pair.dealId),
    ),
  )
  return new Map(
    outcomes.flatMap((outcome) =>
      [...outcome].map(([dealId, result]) => [
        dealId,
        result instanceof Error ? result : undefined,
      ]),
    ),
  )
}
