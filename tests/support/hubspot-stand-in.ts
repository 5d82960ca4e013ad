/**
 * A stand-in for the parts of HubSpot's CRM API the HubSpot notifier and its setup use, as
 * HubSpot's reference describes them: a private app's Bearer token; contacts upserted by email
 * (`POST /crm/v3/objects/contacts/batch/upsert`, email matched without case) and deals by a
 * unique property (`…/deals/batch/upsert`, `…/deals/batch/update`), each a second upsert
 * updating the first record, at most 100 inputs a batch and no id twice in one; v4 associations
 * (`PUT /crm/v4/objects/deals/{id}/associations/contacts/{id}`, and many at once by `POST
 * /crm/v4/associations/deals/contacts/batch/create`, a pair whose record is missing refused
 * alone in a 207); the owners list (`GET /crm/v3/owners?email=`); and property creation
 * (`POST /crm/v3/properties/deals`, 409 on a name taken, an enumeration with its options). A
 * deal property that is neither HubSpot's own nor created is refused, and so is an
 * enumeration's value that is none of its options ('' clears it). Errors are HubSpot's JSON
 * (`status`, `message`, `correlationId`, `category`); its limits' 429 carries `errorType`
 * `RATE_LIMIT` and the `policyName` of the limit hit.
 */
import {
  type ApiReply,
  type ApiRequest,
  hangUp,
  type JsonApiStandIn,
  startJsonApiStandIn,
} from './json-api-stand-in.ts'

/** A contact or deal as the stand-in keeps it. */
interface HubSpotRecord {
  id: string
  properties: Record<string, string>
  /** The receipt of the upsert that created it: the request's `receivedAt`. */
  receivedAt: number
}

/** A user of the account, as `GET /crm/v3/owners` lists them. */
interface HubSpotOwner {
  id: string
  email: string
  firstName: string
  lastName: string
}

/**
 * A failure on demand, for the next request: either limit's 429 (`Retry-After` added when
 * `retryAfter` is set), a 401 as for a revoked token, a 500, or the connection closed unanswered.
 */
type HubSpotFailure = 'TEN_SECONDLY_ROLLING' | 'DAILY' | 'revoked' | 'error' | 'down'

export interface HubSpotStandIn extends JsonApiStandIn {
  /** The token it accepts; change it to refuse the notifier's. */
  token: string
  contacts: HubSpotRecord[]
  deals: HubSpotRecord[]
  /** Each deal's associated contacts, by deal id, with the association types sent. */
  associations: Map<string, Map<string, unknown>>
  owners: HubSpotOwner[]
  /** Deal properties beyond HubSpot's own; `demo_request_id` once the setup made it. */
  dealProperties: Set<string>
  /** The values an enumeration among them takes, by its name. */
  dealOptions: Map<string, string[]>
  /** A `Retry-After` for the 429s it sends; none by default, as HubSpot often sends none. */
  retryAfter: string | null
  /** Fails the next requests, one each, in order; `null` answers one as HubSpot would. */
  failNext(...failures: (HubSpotFailure | null)[]): void
  /** The deal upserted by `demo_request_id`, or undefined. */
  dealOf(requestId: string): HubSpotRecord | undefined
}

// The stages of the pipeline every account has, by their internal ids.
const pipelines: Record<string, readonly string[]> = {
  default: [
    'appointmentscheduled',
    'qualifiedtobuy',
    'presentationscheduled',
    'decisionmakerboughtin',
    'contractsent',
    'closedwon',
    'closedlost',
  ],
}

// The deal properties of HubSpot's own that the notifier writes.
const ownDealProperties = new Set([
  'dealname',
  'pipeline',
  'dealstage',
  'description',
  'hubspot_owner_id',
  'hs_next_step',
])

let correlation = 0
const error = (status: number, category: string, message: string, extra: object = {}) => ({
  status,
  body: {
    status: 'error',
    message,
    correlationId: `00000000-0000-4000-8000-${String(++correlation).padStart(12, '0')}`,
    category,
    ...extra,
  },
})

const rateLimited = (policyName: 'TEN_SECONDLY_ROLLING' | 'DAILY') =>
  error(
    429,
    'RATE_LIMITS',
    policyName === 'DAILY'
      ? 'You have reached your daily limit.'
      : 'You have reached your ten_secondly_rolling limit.',
    { errorType: 'RATE_LIMIT', policyName },
  )

type Input = { id?: unknown; idProperty?: unknown; properties?: unknown }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function inputsOf(request: ApiRequest): Input[] | null {
  try {
    const body: unknown = JSON.parse(request.body)
    if (!isObject(body) || !Array.isArray(body.inputs)) return null
    return body.inputs.filter(isObject)
  } catch {
    return null
  }
}

// HubSpot's own checks of a batch before any input is written: at most 100 inputs, and no id
// twice (its message names them).
function batchProblem(inputs: Input[], caseless: boolean): string | null {
  if (inputs.length === 0) return 'The batch has no inputs'
  if (inputs.length > 100) return `Batch input limit exceeded: ${inputs.length} inputs, at most 100`
  const ids = inputs.map((input) => String(input.id ?? ''))
  const keys = ids.map((id) => (caseless ? id.toLowerCase() : id))
  const twice = ids.filter((_, index) => keys.indexOf(keys[index] ?? '') !== index)
  return twice.length > 0 ? `Duplicate IDs found in batch input: [${twice.join(', ')}]` : null
}

function propertiesOf(input: Input): Record<string, string> | null {
  if (!isObject(input.properties)) return null
  const entries = Object.entries(input.properties)
  // HubSpot takes every property value as a string.
  if (entries.some(([, value]) => typeof value !== 'string')) return null
  return Object.fromEntries(entries) as Record<string, string>
}

export async function startHubSpotStandIn(token = 'pat-na1-stand-in'): Promise<HubSpotStandIn> {
  const contacts: HubSpotRecord[] = []
  const deals: HubSpotRecord[] = []
  const associations = new Map<string, Map<string, unknown>>()
  const owners: HubSpotOwner[] = []
  const dealProperties = new Set<string>()
  const dealOptions = new Map<string, string[]>()
  const failures: (HubSpotFailure | null)[] = []
  let nextId = 1000
  const timestamp = () => new Date().toISOString()

  const view = (record: HubSpotRecord, isNew: boolean) => ({
    id: record.id,
    properties: record.properties,
    createdAt: timestamp(),
    updatedAt: timestamp(),
    archived: false,
    new: isNew,
  })
  const batch = (results: unknown[], errors: unknown[] = []) => ({
    status: errors.length ? 207 : 200,
    body: {
      status: 'COMPLETE',
      results,
      ...(errors.length ? { errors, numErrors: errors.length } : {}),
      startedAt: timestamp(),
      completedAt: timestamp(),
    },
  })

  // Why HubSpot would refuse a deal's properties, or null.
  function dealProblem(
    properties: Record<string, string>,
    existing?: HubSpotRecord,
  ): string | null {
    const merged = { ...existing?.properties, ...properties }
    const stages = pipelines[merged.pipeline ?? 'default']
    if (!stages) return `${merged.pipeline} is not a valid pipeline`
    if (merged.dealstage !== undefined && !stages.includes(merged.dealstage)) {
      return `${merged.dealstage} is not a valid deal stage of pipeline ${merged.pipeline ?? 'default'}`
    }
    for (const [name, value] of Object.entries(properties)) {
      if (!ownDealProperties.has(name) && !dealProperties.has(name)) {
        return `Property "${name}" does not exist (PROPERTY_DOESNT_EXIST)`
      }
      const options = dealOptions.get(name)
      if (options && value !== '' && !options.includes(value)) {
        return `${value} was not one of the allowed options: [${options.join(', ')}] (INVALID_OPTION)`
      }
    }
    const owner = properties.hubspot_owner_id
    if (owner !== undefined && !owners.some((candidate) => candidate.id === owner)) {
      return `${owner} is not a valid owner id`
    }
    return null
  }

  function upsertContacts(inputs: Input[], receivedAt: number): ApiReply {
    const results = []
    for (const input of inputs) {
      const properties = propertiesOf(input)
      if (input.idProperty !== 'email' || typeof input.id !== 'string' || properties === null) {
        return error(
          400,
          'VALIDATION_ERROR',
          'Each input needs idProperty email, an id and properties',
        )
      }
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.id)) {
        return error(400, 'VALIDATION_ERROR', `Email address ${input.id} is invalid`)
      }
      const key = input.id.toLowerCase()
      const existing = contacts.find((contact) => contact.properties.email?.toLowerCase() === key)
      if (existing) {
        Object.assign(existing.properties, properties, { email: existing.properties.email })
        results.push(view(existing, false))
      } else {
        const contact = {
          id: String(nextId++),
          properties: { ...properties, email: input.id },
          receivedAt,
        }
        contacts.push(contact)
        results.push(view(contact, true))
      }
    }
    return batch(results)
  }

  function writeDeals(inputs: Input[], create: boolean, receivedAt: number): ApiReply {
    const results = []
    const missing: string[] = []
    for (const input of inputs) {
      const properties = propertiesOf(input)
      const idProperty = typeof input.idProperty === 'string' ? input.idProperty : 'hs_object_id'
      if (typeof input.id !== 'string' || properties === null) {
        return error(400, 'VALIDATION_ERROR', 'Each input needs an id and properties')
      }
      if (idProperty !== 'hs_object_id' && !dealProperties.has(idProperty)) {
        return error(
          400,
          'VALIDATION_ERROR',
          `Property ${idProperty} does not exist or is not unique`,
        )
      }
      if (create && idProperty === 'hs_object_id') {
        return error(400, 'VALIDATION_ERROR', 'Upserts need a unique idProperty')
      }
      const existing = deals.find((deal) =>
        idProperty === 'hs_object_id'
          ? deal.id === input.id
          : deal.properties[idProperty] === input.id,
      )
      const problem = dealProblem(properties, existing)
      if (problem)
        return error(400, 'VALIDATION_ERROR', `Property values were not valid: ${problem}`)
      if (existing) {
        Object.assign(existing.properties, properties)
        results.push(view(existing, false))
      } else if (create) {
        const deal = {
          id: String(nextId++),
          properties: { ...properties, [idProperty]: input.id },
          receivedAt,
        }
        deals.push(deal)
        results.push(view(deal, true))
      } else {
        missing.push(input.id)
      }
    }
    if (missing.length === 0) return batch(results)
    return batch(results, [
      {
        status: 'error',
        category: 'OBJECT_NOT_FOUND',
        message: 'Could not get some DEAL objects, they may be deleted or not exist.',
        context: { ids: missing },
      },
    ])
  }

  function associate(dealId: string, contactId: string, body: string): ApiReply {
    if (!deals.some((deal) => deal.id === dealId) || !contacts.some((c) => c.id === contactId)) {
      return error(404, 'OBJECT_NOT_FOUND', 'One of the records does not exist')
    }
    let types: unknown
    try {
      types = JSON.parse(body)
    } catch {}
    if (!validTypes(types)) {
      return error(400, 'VALIDATION_ERROR', 'A list of association types is required')
    }
    const associated = associations.get(dealId) ?? new Map<string, unknown>()
    associated.set(contactId, types)
    associations.set(dealId, associated)
    return {
      status: 201,
      body: {
        fromObjectTypeId: '0-3',
        fromObjectId: Number(dealId),
        toObjectTypeId: '0-1',
        toObjectId: Number(contactId),
        labels: [],
      },
    }
  }

  const validTypes = (types: unknown) =>
    Array.isArray(types) &&
    types.length > 0 &&
    types.every(
      (type) =>
        isObject(type) &&
        ['HUBSPOT_DEFINED', 'USER_DEFINED'].includes(String(type.associationCategory)) &&
        Number.isInteger(type.associationTypeId),
    )

  // v4 batch create: each pair associated with the types given; a pair naming a record that is
  // not there is refused alone (207), its ids in the error's context.
  function associateBatch(body: string): ApiReply {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {}
    const inputs = isObject(parsed) && Array.isArray(parsed.inputs) ? parsed.inputs : null
    if (inputs === null || inputs.length === 0 || inputs.length > 100) {
      return error(400, 'VALIDATION_ERROR', 'inputs must hold 1 to 100 associations')
    }
    const results = []
    const missing: string[] = []
    for (const input of inputs) {
      const from = isObject(input) && isObject(input.from) ? String(input.from.id) : ''
      const to = isObject(input) && isObject(input.to) ? String(input.to.id) : ''
      if (!isObject(input) || !validTypes(input.types)) {
        return error(400, 'VALIDATION_ERROR', 'Each input needs from, to and a list of types')
      }
      if (!deals.some((deal) => deal.id === from) || !contacts.some((c) => c.id === to)) {
        missing.push(from)
        continue
      }
      const associated = associations.get(from) ?? new Map<string, unknown>()
      associated.set(to, input.types)
      associations.set(from, associated)
      results.push({
        fromObjectTypeId: '0-3',
        fromObjectId: Number(from),
        toObjectTypeId: '0-1',
        toObjectId: Number(to),
        labels: [],
      })
    }
    const reply = batch(
      results,
      missing.length === 0
        ? []
        : [
            {
              status: 'error',
              category: 'OBJECT_NOT_FOUND',
              message: 'One or more records of the associations do not exist',
              context: { ids: missing },
            },
          ],
    )
    return missing.length === 0 ? { ...reply, status: 201 } : reply
  }

  function createProperty(body: string): ApiReply {
    let property: unknown
    try {
      property = JSON.parse(body)
    } catch {}
    if (!isObject(property) || typeof property.name !== 'string' || !property.groupName) {
      return error(400, 'VALIDATION_ERROR', 'A property needs a name, a type and a group')
    }
    if (dealProperties.has(property.name)) {
      return error(
        409,
        'OBJECT_ALREADY_EXISTS',
        `Property named '${property.name}' already exists.`,
      )
    }
    if (property.type === 'enumeration') {
      const options = Array.isArray(property.options) ? property.options : []
      const values = options.map((option) => (isObject(option) ? option.value : undefined))
      if (values.length === 0 || values.some((value) => typeof value !== 'string' || !value)) {
        return error(400, 'VALIDATION_ERROR', 'An enumeration needs options, each with a value')
      }
      dealOptions.set(property.name, values as string[])
    }
    dealProperties.add(property.name)
    return { status: 201, body: { ...property, createdAt: timestamp(), archived: false } }
  }

  function answer(request: ApiRequest): ApiReply | typeof hangUp {
    const failure = failures.shift() ?? null
    if (failure === 'down') return hangUp
    if (failure === 'error') return error(500, 'INTERNAL_ERROR', 'Internal error')
    if (request.headers.authorization !== `Bearer ${standIn.token}` || failure === 'revoked') {
      return error(
        401,
        'INVALID_AUTHENTICATION',
        'Authentication credentials not found. This API supports OAuth 2.0 authentication.',
      )
    }
    if (failure) {
      const reply = rateLimited(failure)
      return standIn.retryAfter === null
        ? reply
        : { ...reply, headers: { 'retry-after': standIn.retryAfter } }
    }
    const { method, path } = request
    if (method === 'GET' && path === '/crm/v3/owners') {
      const email = request.query.get('email')?.toLowerCase()
      const results = owners
        .filter((owner) => email === undefined || owner.email.toLowerCase() === email)
        .map((owner) => ({
          ...owner,
          type: 'PERSON',
          userId: Number(owner.id) + 1,
          archived: false,
        }))
      return { status: 200, body: { results } }
    }
    if (method === 'POST' && path === '/crm/v3/properties/deals')
      return createProperty(request.body)
    const association = path.match(
      /^\/crm\/v4\/objects\/deals\/(\d+)\/associations\/contacts\/(\d+)$/,
    )
    if (method === 'PUT' && association) {
      return associate(association[1] ?? '', association[2] ?? '', request.body)
    }
    if (method === 'POST' && path === '/crm/v4/associations/deals/contacts/batch/create') {
      return associateBatch(request.body)
    }
    const written = path.match(/^\/crm\/v3\/objects\/(contacts|deals)\/batch\/(upsert|update)$/)
    if (method === 'POST' && written) {
      const inputs = inputsOf(request)
      if (inputs === null) return error(400, 'VALIDATION_ERROR', 'Invalid input JSON')
      const problem = batchProblem(inputs, written[1] === 'contacts')
      if (problem) return error(400, 'VALIDATION_ERROR', problem)
      if (written[1] === 'contacts') {
        return written[2] === 'upsert'
          ? upsertContacts(inputs, request.receivedAt)
          : error(400, 'VALIDATION_ERROR', 'Not kept by this stand-in')
      }
      return writeDeals(inputs, written[2] === 'upsert', request.receivedAt)
    }
    return error(404, 'OBJECT_NOT_FOUND', `No route for ${method} ${path}`)
  }

  const base = await startJsonApiStandIn(answer, { methods: ['GET', 'POST', 'PUT'] })
  const standIn: HubSpotStandIn = Object.assign(base, {
    token,
    contacts,
    deals,
    associations,
    owners,
    dealProperties,
    dealOptions,
    retryAfter: null,
    failNext(...more: (HubSpotFailure | null)[]) {
      failures.push(...more)
    },
    dealOf: (requestId: string) =>
      deals.find((deal) => deal.properties.demo_request_id === requestId),
  })
  return standIn
}
