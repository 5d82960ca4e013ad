/**
 * A stand-in for the parts of a Salesforce org the Salesforce notifier uses, as the REST API's
 * and OAuth's documentation describe them: tokens by the client credentials flow
 * (`POST /services/oauth2/token`, form-encoded; `invalid_client` for wrong credentials), a
 * Bearer check on every data call (401 `INVALID_SESSION_ID` for a token it does not hold),
 * Leads upserted by an external id field (`PATCH /services/data/vXX.X/sobjects/Lead/{field}/{id}`:
 * 201 created, 200 updated, `updateOnly=true` answering 404 for a Lead not there; up to 200 at
 * once by sObject Collections, `PATCH …/composite/sobjects/Lead/{field}`, each with its own
 * result, rolled back together under `allOrNone`), Leads a validation rule refuses or another
 * write holds locked, the org's assignment rules run unless `Sforce-Auto-Assign: FALSE`, a
 * Status only from the org's picklist, a custom meeting outcome picklist field (null clears a
 * field, as on any nillable one), the one SOQL query for an active user by email, and
 * Salesforce's error arrays (`[{ message, errorCode, fields }]`).
 */
import {
  type ApiReply,
  type ApiRequest,
  hangUp,
  type JsonApiStandIn,
  startJsonApiStandIn,
} from './json-api-stand-in.ts'

/** A Lead as the stand-in keeps it. */
interface SalesforceLead {
  Id: string
  fields: Record<string, string>
  /** The `Sforce-Auto-Assign` header of each write, as sent ('' for none). */
  autoAssign: string[]
  /** The receipt of the write that created it: the request's `receivedAt`. */
  receivedAt: number
}

interface SalesforceUser {
  Id: string
  Email: string
  IsActive: boolean
}

/**
 * A failure on demand, for the next data call: the org's API limit (403
 * `REQUEST_LIMIT_EXCEEDED`), one of the org's validation rules (400
 * `FIELD_CUSTOM_VALIDATION_EXCEPTION`), a 500, a 503 `SERVER_UNAVAILABLE`, every token so far
 * revoked (so the call gets a 401 and a fresh token is needed), or the connection closed
 * unanswered.
 */
type SalesforceFailure = 'limit' | 'validation-rule' | 'error' | 'unavailable' | 'revoked' | 'down'

export interface SalesforceStandIn extends JsonApiStandIn {
  clientId: string
  clientSecret: string
  /** The external id field Leads are keyed by. */
  leadIdField: string
  /** Leads by their external id. */
  leads: Map<string, SalesforceLead>
  users: SalesforceUser[]
  /** Who the org's assignment rules give a Lead to (a queue). */
  assignmentOwner: string
  /** Who a Lead belongs to when no rule runs: the connected app's run-as user. */
  runAsUser: string
  /** External ids of Leads one of the org's validation rules refuses, each on its own. */
  refusedByRule: Set<string>
  /** External ids of Leads another write holds locked: refused (`UNABLE_TO_LOCK_ROW`) for now. */
  locked: Set<string>
  /** The values of the org's Lead Status picklist; any other is refused. */
  leadStatuses: string[]
  /** The API name of the Lead's custom meeting outcome picklist field. */
  meetingOutcomeField: string
  /** That picklist's values; any other is refused. */
  meetingOutcomes: string[]
  /** Tokens issued so far. */
  issued: string[]
  failNext(...failures: (SalesforceFailure | null)[]): void
}

// The standard Lead fields the stand-in knows, with their lengths; any other is refused.
const leadFields: Record<string, number> = {
  FirstName: 40,
  LastName: 80,
  Company: 255,
  Email: 80,
  Phone: 40,
  Title: 128,
  LeadSource: 255,
  Description: 32_000,
  OwnerId: 18,
  Status: 255,
}

const errors = (status: number, errorCode: string, message: string, fields?: string[]) => ({
  status,
  body: [{ message, errorCode, ...(fields ? { fields } : {}) }],
})

const soqlUser =
  /^SELECT Id FROM User WHERE Email = '((?:[^'\\]|\\.)*)' AND IsActive = true(?: LIMIT \d+)?$/

export async function startSalesforceStandIn(
  options: {
    clientId?: string
    clientSecret?: string
    leadIdField?: string
    meetingOutcomeField?: string
  } = {},
): Promise<SalesforceStandIn> {
  const leads = new Map<string, SalesforceLead>()
  const users: SalesforceUser[] = []
  const issued: string[] = []
  const valid = new Set<string>()
  const failures: (SalesforceFailure | null)[] = []
  let records = 0
  const recordId = (prefix: string) => `${prefix}${String(++records).padStart(15, '0')}`

  function token(request: ApiRequest): ApiReply {
    const form = new URLSearchParams(request.body)
    if (form.get('grant_type') !== 'client_credentials') {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'grant type not supported' },
      }
    }
    if (
      form.get('client_id') !== standIn.clientId ||
      form.get('client_secret') !== standIn.clientSecret
    ) {
      return {
        status: 400,
        body: { error: 'invalid_client', error_description: 'invalid client credentials' },
      }
    }
    const accessToken = `00D000000000001!stand-in-${issued.length + 1}`
    issued.push(accessToken)
    valid.add(accessToken)
    return {
      status: 200,
      body: {
        access_token: accessToken,
        signature: 'c3RhbmQtaW4=',
        scope: 'api',
        instance_url: standIn.url,
        id: `${standIn.url}/id/00D000000000001/${standIn.runAsUser}`,
        token_type: 'Bearer',
        issued_at: String(Date.now()),
      },
    }
  }

  function query(request: ApiRequest): ApiReply {
    const match = (request.query.get('q') ?? '').match(soqlUser)
    if (!match) return errors(400, 'MALFORMED_QUERY', 'Only the query for an active user by email')
    const email = (match[1] ?? '').replace(/\\(.)/g, '$1').toLowerCase()
    const found = users.filter((user) => user.IsActive && user.Email.toLowerCase() === email)
    return {
      status: 200,
      body: {
        totalSize: found.length,
        done: true,
        records: found.slice(0, 1).map((user) => ({
          attributes: { type: 'User', url: `/services/data/v62.0/sobjects/User/${user.Id}` },
          Id: user.Id,
        })),
      },
    }
  }

  /** One Lead's write: why the org refuses it, or the write itself, which returns its result. */
  type Write =
    | { refused: { status: number; errorCode: string; message: string; fields?: string[] } }
    | { apply: () => { status: 200 | 201; id: string; created: boolean } }

  const refuse = (status: number, errorCode: string, message: string, fields?: string[]) => ({
    refused: { status, errorCode, message, ...(fields ? { fields } : {}) },
  })

  // What the org makes of one Lead's fields, upserted by its external id: checked whole before
  // anything is written, so a collection sent all or none can roll back by writing nothing.
  function leadWrite(
    fields: Record<string, unknown>,
    id: string,
    {
      autoAssign,
      updateOnly,
      receivedAt,
    }: { autoAssign: string; updateOnly: boolean; receivedAt: number },
  ): Write {
    for (const [name, value] of Object.entries(fields)) {
      const max = name === standIn.meetingOutcomeField ? 255 : leadFields[name]
      if (max === undefined)
        return refuse(400, 'INVALID_FIELD', `No such column '${name}' on sobject of type Lead`)
      if (value === null && !['LastName', 'Company'].includes(name)) continue
      if (typeof value !== 'string')
        return refuse(400, 'INVALID_TYPE_ON_FIELD_IN_RECORD', `${name}: not a string`, [name])
      if (value.length > max)
        return refuse(400, 'STRING_TOO_LONG', `${name}: data value too large`, [name])
    }
    if (fields.Status !== undefined && !standIn.leadStatuses.includes(String(fields.Status))) {
      return refuse(
        400,
        'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
        `Lead Status: bad value for restricted picklist field: ${fields.Status}`,
        ['Status'],
      )
    }
    const outcome = fields[standIn.meetingOutcomeField]
    if (typeof outcome === 'string' && !standIn.meetingOutcomes.includes(outcome)) {
      return refuse(
        400,
        'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
        `Demo Meeting Outcome: bad value for restricted picklist field: ${outcome}`,
        [standIn.meetingOutcomeField],
      )
    }
    if (
      fields.OwnerId !== undefined &&
      !users.some((user) => user.Id === fields.OwnerId && user.IsActive)
    ) {
      return refuse(400, 'INVALID_CROSS_REFERENCE_KEY', 'Owner ID: id value of incorrect type', [
        'OwnerId',
      ])
    }
    if (standIn.refusedByRule.has(id)) {
      return refuse(400, 'FIELD_CUSTOM_VALIDATION_EXCEPTION', 'Phone must include a country code', [
        'Phone',
      ])
    }
    if (standIn.locked.has(id)) {
      return refuse(503, 'UNABLE_TO_LOCK_ROW', 'unable to obtain exclusive access to this record')
    }
    // The REST API runs the default assignment rule unless told FALSE.
    const rulesRun = autoAssign.toUpperCase() !== 'FALSE'
    const existing = leads.get(id)
    if (existing) {
      return {
        apply: () => {
          for (const [name, value] of Object.entries(fields)) {
            if (value === null) delete existing.fields[name]
            else existing.fields[name] = value as string
          }
          if (rulesRun) existing.fields.OwnerId = standIn.assignmentOwner
          existing.autoAssign.push(autoAssign)
          return { status: 200, id: existing.Id, created: false }
        },
      }
    }
    if (updateOnly) return refuse(404, 'NOT_FOUND', 'The requested resource does not exist')
    const missing = ['LastName', 'Company'].filter((name) => !fields[name])
    if (missing.length) {
      return refuse(
        400,
        'REQUIRED_FIELD_MISSING',
        `Required fields are missing: [${missing.join(', ')}]`,
        missing,
      )
    }
    return {
      apply: () => {
        const lead: SalesforceLead = {
          Id: recordId('00Q'),
          fields: {
            ...(Object.fromEntries(
              Object.entries(fields).filter(([, value]) => value !== null),
            ) as Record<string, string>),
            [standIn.leadIdField]: id,
            OwnerId: rulesRun
              ? standIn.assignmentOwner
              : ((fields.OwnerId as string) ?? standIn.runAsUser),
          },
          autoAssign: [autoAssign],
          receivedAt,
        }
        leads.set(id, lead)
        return { status: 201, id: lead.Id, created: true }
      },
    }
  }

  const autoAssignOf = (request: ApiRequest) => {
    const header = request.headers['sforce-auto-assign']
    return typeof header === 'string' ? header : ''
  }

  const unknownField = (field: string) =>
    errors(
      404,
      'NOT_FOUND',
      `Provided external ID field does not exist or is not accessible: ${field}`,
    )

  function upsert(request: ApiRequest, field: string, id: string): ApiReply {
    if (field !== standIn.leadIdField) return unknownField(field)
    let body: unknown
    try {
      body = JSON.parse(request.body)
    } catch {}
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return errors(400, 'JSON_PARSER_ERROR', 'The request body is not a JSON object')
    }
    const write = leadWrite(body as Record<string, unknown>, id, {
      autoAssign: autoAssignOf(request),
      updateOnly: request.query.get('updateOnly') === 'true',
      receivedAt: request.receivedAt,
    })
    if ('refused' in write) {
      const { status, errorCode, message, fields } = write.refused
      return errors(status, errorCode, message, fields)
    }
    const { status, id: recordId, created } = write.apply()
    return { status, body: { id: recordId, success: true, errors: [], created } }
  }

  // sObject Collections upsert: up to 200 Leads by the external id field, each with its own
  // result in the order sent; with allOrNone, one refused rolls every one back.
  function upsertCollection(request: ApiRequest, field: string): ApiReply {
    if (field !== standIn.leadIdField) return unknownField(field)
    let body: unknown
    try {
      body = JSON.parse(request.body)
    } catch {}
    const records =
      typeof body === 'object' && body !== null && 'records' in body && Array.isArray(body.records)
        ? (body.records as unknown[])
        : null
    const allOrNone = (body as { allOrNone?: unknown } | null)?.allOrNone ?? false
    if (records === null || typeof allOrNone !== 'boolean') {
      return errors(400, 'JSON_PARSER_ERROR', 'The body needs records and a boolean allOrNone')
    }
    if (records.length === 0 || records.length > 200) {
      return errors(
        400,
        'EXCEEDED_ID_LIMIT',
        'record limit reached. cannot submit more than 200 records into this call',
      )
    }
    const writes: Write[] = []
    for (const record of records) {
      const { attributes, ...fields } = (record ?? {}) as Record<string, unknown>
      if ((attributes as { type?: unknown } | undefined)?.type !== 'Lead') {
        return errors(400, 'INVALID_TYPE', 'Each record needs attributes with type Lead')
      }
      if ('Id' in fields) {
        return errors(400, 'INVALID_FIELD', 'Only external ids are supported: do not send Id')
      }
      const { [field]: id, ...rest } = fields
      if (typeof id !== 'string' || id === '') {
        writes.push(refuse(400, 'MISSING_ARGUMENT', `${field} not specified`, [field]))
        continue
      }
      writes.push(
        leadWrite(rest, id, {
          autoAssign: autoAssignOf(request),
          updateOnly: false,
          receivedAt: request.receivedAt,
        }),
      )
    }
    const rolledBack = allOrNone && writes.some((write) => 'refused' in write)
    const results = writes.map((write) => {
      if ('refused' in write) {
        const { errorCode, message, fields = [] } = write.refused
        return { success: false, errors: [{ statusCode: errorCode, message, fields }] }
      }
      if (rolledBack) {
        return {
          success: false,
          errors: [
            {
              statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
              message:
                'Record rolled back because not all records were valid and the request was using AllOrNone header',
              fields: [],
            },
          ],
        }
      }
      const { id, created } = write.apply()
      return { id, success: true, errors: [], created }
    })
    return { status: 200, body: results }
  }

  function answer(request: ApiRequest): ApiReply | typeof hangUp {
    if (request.method === 'POST' && request.path === '/services/oauth2/token')
      return token(request)
    const data = request.path.match(/^\/services\/data\/v\d+\.\d\/(.*)$/)
    if (!data) return errors(404, 'NOT_FOUND', 'The requested resource does not exist')
    const failure = failures.shift() ?? null
    if (failure === 'down') return hangUp
    if (failure === 'error') return errors(500, 'UNKNOWN_EXCEPTION', 'An unexpected error occurred')
    if (failure === 'unavailable') {
      return errors(503, 'SERVER_UNAVAILABLE', 'Server is unavailable; try again later')
    }
    if (failure === 'revoked') valid.clear()
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '')
    if (!valid.has(bearer)) return errors(401, 'INVALID_SESSION_ID', 'Session expired or invalid')
    if (failure === 'limit') {
      return errors(403, 'REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.')
    }
    if (failure === 'validation-rule') {
      return errors(400, 'FIELD_CUSTOM_VALIDATION_EXCEPTION', 'Phone must include a country code', [
        'Phone',
      ])
    }
    const resource = data[1] ?? ''
    if (request.method === 'GET' && resource === 'query') return query(request)
    const collection = resource.match(/^composite\/sobjects\/Lead\/([^/]+)$/)
    if (request.method === 'PATCH' && collection) {
      return upsertCollection(request, collection[1] ?? '')
    }
    const lead = resource.match(/^sobjects\/Lead\/([^/]+)\/([^/]+)$/)
    if (request.method === 'PATCH' && lead) {
      return upsert(request, lead[1] ?? '', decodeURIComponent(lead[2] ?? ''))
    }
    return errors(404, 'NOT_FOUND', 'The requested resource does not exist')
  }

  const base = await startJsonApiStandIn(answer, { methods: ['GET', 'POST', 'PATCH'] })
  const standIn: SalesforceStandIn = Object.assign(base, {
    clientId: options.clientId ?? '3MVG9stand.in.consumer.key',
    clientSecret: options.clientSecret ?? 'stand-in-consumer-secret',
    leadIdField: options.leadIdField ?? 'Demo_Request_Id__c',
    meetingOutcomeField: options.meetingOutcomeField ?? 'Demo_Meeting_Outcome__c',
    meetingOutcomes: ['met', 'no_show', 'host_absent'],
    leads,
    users,
    assignmentOwner: '00G000000000000AAA',
    runAsUser: '005000000000000RUN',
    refusedByRule: new Set<string>(),
    locked: new Set<string>(),
    // The picklist every org starts with.
    leadStatuses: [
      'Open - Not Contacted',
      'Working - Contacted',
      'Closed - Converted',
      'Closed - Not Converted',
    ],
    issued,
    failNext(...more: (SalesforceFailure | null)[]) {
      failures.push(...more)
    },
  })
  return standIn
}
