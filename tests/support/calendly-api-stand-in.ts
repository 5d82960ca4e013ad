/**
 * A stand-in for the part of Calendly's API v2 that reads bookings back: `GET /users/me`,
 * `GET /scheduled_events` (by `organization`, which needs an admin's token, or `user`;
 * `min_start_time`; `sort=start_time:asc`) and `GET /scheduled_events/{uuid}/invitees`, each
 * with a Bearer token, `count` (1 to 100, 20 by default) and `page_token` paging through
 * `pagination.next_page_token`; one invitee, `GET /scheduled_events/{uuid}/invitees/{uuid}`; and
 * its no-show, `POST /invitee_no_shows` (`{ invitee }`, 201 with the InviteeNoShow) and
 * `DELETE /invitee_no_shows/{uuid}` (204), as Calendly's API reference lays them out.
 */
import { calendlyInviteeResource } from './booking-webhooks.ts'
import {
  type ApiReply,
  type ApiRequest,
  type JsonApiStandIn,
  startJsonApiStandIn,
} from './json-api-stand-in.ts'

/** One invitee as a test gives it; its URI is made from its event's. */
interface CalendlyApiInviteeFields {
  uuid: string
  status: 'active' | 'canceled'
  /** The lead's id, in `tracking.utm_content` as the prefilled page left it. */
  requestId?: string
  oldInvitee?: string
  newInvitee?: string
  createdAt: string
  updatedAt: string
  timeZone?: string
  /** The invitee's no-show, when it was marked one: its uuid and when. */
  noShow?: { uuid: string; createdAt: string }
}

/** One scheduled event and its invitees. */
export interface CalendlyApiEventFields {
  uuid: string
  status: 'active' | 'canceled'
  startTime: string
  createdAt: string
  updatedAt: string
  invitees: CalendlyApiInviteeFields[]
}

/** The stand-in, with the events it lists. */
export interface CalendlyApiStandIn extends JsonApiStandIn {
  token: string
  events: CalendlyApiEventFields[]
  /** Whether the token's user may list the organization's events; true by default. */
  orgAdmin: boolean
  /** The URI an invitee of `event` has, as the API and its webhooks name it. */
  inviteeUri(event: string, invitee: string): string
}

const userUri = (url: string) => `${url}/users/AAAAAAAAAAAAAAAA`
const orgUri = (url: string) => `${url}/organizations/BBBBBBBBBBBBBBBB`

function eventResource(url: string, event: CalendlyApiEventFields) {
  return {
    uri: `${url}/scheduled_events/${event.uuid}`,
    name: 'Demo',
    status: event.status,
    start_time: event.startTime,
    end_time: new Date(Date.parse(event.startTime) + 30 * 60_000).toISOString(),
    event_type: `${url}/event_types/GBGBDCAADAEDCRZ2`,
    location: { type: 'zoom', join_url: 'https://zoom.us/j/1' },
    invitees_counter: {
      total: event.invitees.length,
      active: event.invitees.filter((invitee) => invitee.status === 'active').length,
      limit: 1,
    },
    created_at: event.createdAt,
    updated_at: event.updatedAt,
    event_memberships: [
      { user: userUri(url), user_email: 'sales@acme.example', user_name: 'Acme Sales' },
    ],
    event_guests: [],
  }
}

function inviteeResource(
  url: string,
  event: CalendlyApiEventFields,
  invitee: CalendlyApiInviteeFields,
) {
  const eventUri = `${url}/scheduled_events/${event.uuid}`
  return calendlyInviteeResource({
    uri: `${eventUri}/invitees/${invitee.uuid}`,
    event: eventUri,
    status: invitee.status,
    createdAt: invitee.createdAt,
    updatedAt: invitee.updatedAt,
    requestId: invitee.requestId,
    timeZone: invitee.timeZone,
    newInvitee: invitee.newInvitee,
    oldInvitee: invitee.oldInvitee,
    noShow: invitee.noShow
      ? {
          uri: `${url}/invitee_no_shows/${invitee.noShow.uuid}`,
          created_at: invitee.noShow.createdAt,
        }
      : null,
  })
}

const refusal = (status: number, title: string, message: string): ApiReply => ({
  status,
  body: { title, message },
})

/** One page of `items` from `page_token` (the offset, opaque to the caller), `count` long. */
function page(url: string, path: string, query: URLSearchParams, items: unknown[]): ApiReply {
  const count = Number(query.get('count') ?? 20)
  if (!(Number.isInteger(count) && count >= 1 && count <= 100)) {
    return refusal(400, 'Invalid Argument', 'count must be 1 to 100')
  }
  const token = query.get('page_token')
  const offset = token === null ? 0 : Number(Buffer.from(token, 'base64url').toString())
  const collection = items.slice(offset, offset + count)
  const next =
    offset + count < items.length ? Buffer.from(String(offset + count)).toString('base64url') : null
  const nextQuery = new URLSearchParams(query)
  if (next) nextQuery.set('page_token', next)
  return {
    status: 200,
    body: {
      collection,
      pagination: {
        count: collection.length,
        next_page: next ? `${url}${path}?${nextQuery}` : null,
        previous_page: null,
        next_page_token: next,
        previous_page_token: null,
      },
    },
  }
}

export async function startCalendlyApiStandIn(
  token = 'calendly_test_token',
): Promise<CalendlyApiStandIn> {
  const events: CalendlyApiEventFields[] = []
  let url = ''
  const standIn = await startJsonApiStandIn(
    (request) => {
      if (request.headers.authorization !== `Bearer ${token}`) {
        return refusal(401, 'Unauthenticated', 'The access token is invalid')
      }
      if (request.path === '/users/me') {
        return {
          status: 200,
          body: {
            resource: {
              uri: userUri(url),
              name: 'Acme Sales',
              slug: 'acme',
              email: 'sales@acme.example',
              scheduling_url: 'https://calendly.com/acme',
              timezone: 'America/Chicago',
              current_organization: orgUri(url),
            },
          },
        }
      }
      if (request.path === '/scheduled_events') {
        const organization = request.query.get('organization')
        const user = request.query.get('user')
        if (organization === null && user === null) {
          return refusal(400, 'Invalid Argument', 'organization or user is required')
        }
        if (organization !== null && (organization !== orgUri(url) || !calendly.orgAdmin)) {
          return refusal(
            403,
            'Permission Denied',
            'You do not have permission to access this resource.',
          )
        }
        if (user !== null && user !== userUri(url)) {
          return refusal(
            403,
            'Permission Denied',
            'You do not have permission to access this resource.',
          )
        }
        const min = request.query.get('min_start_time')
        const listed = events
          .filter((event) => min === null || Date.parse(event.startTime) >= Date.parse(min))
          .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
          .map((event) => eventResource(url, event))
        return page(url, request.path, request.query, listed)
      }
      if (request.path === '/invitee_no_shows' && request.method === 'POST')
        return markNoShow(request)
      const noShow = request.path.match(/^\/invitee_no_shows\/([^/]+)$/)
      if (noShow && request.method === 'DELETE') {
        const marked = events
          .flatMap((event) => event.invitees)
          .find((invitee) => invitee.noShow?.uuid === noShow[1])
        if (!marked) return refusal(404, 'Resource Not Found', 'The no show was not found.')
        marked.noShow = undefined
        return { status: 204, body: null }
      }
      if (request.method !== 'GET') {
        return refusal(
          404,
          'Resource Not Found',
          'The server could not find the requested resource.',
        )
      }
      const single = request.path.match(/^\/scheduled_events\/([^/]+)\/invitees\/([^/]+)$/)
      const owner = events.find((candidate) => candidate.uuid === single?.[1])
      const one = owner?.invitees.find((invitee) => invitee.uuid === single?.[2])
      if (owner && one) return { status: 200, body: { resource: inviteeResource(url, owner, one) } }
      const invitees = request.path.match(/^\/scheduled_events\/([^/]+)\/invitees$/)
      const event = events.find((candidate) => candidate.uuid === invitees?.[1])
      if (event) {
        const listed = event.invitees.map((invitee) => inviteeResource(url, event, invitee))
        return page(url, request.path, request.query, listed)
      }
      return refusal(404, 'Resource Not Found', 'The server could not find the requested resource.')
    },
    { methods: ['GET', 'POST', 'DELETE'] },
  )

  // The invitee is named by its URI; a second mark of one already marked answers its mark.
  function markNoShow(request: ApiRequest): ApiReply {
    let body: { invitee?: unknown }
    try {
      body = JSON.parse(request.body)
    } catch {
      return refusal(400, 'Invalid Argument', 'The body is not JSON')
    }
    const event = events.find((each) =>
      each.invitees.some(
        (invitee) => calendly.inviteeUri(each.uuid, invitee.uuid) === body.invitee,
      ),
    )
    const invitee = event?.invitees.find(
      (each) => calendly.inviteeUri(event.uuid, each.uuid) === body.invitee,
    )
    if (!event || !invitee) return refusal(404, 'Resource Not Found', 'The invitee was not found.')
    invitee.noShow ??= {
      uuid: `NS${Date.now().toString(36).toUpperCase()}`,
      createdAt: new Date().toISOString(),
    }
    return {
      status: 201,
      body: {
        resource: {
          uri: `${url}/invitee_no_shows/${invitee.noShow.uuid}`,
          invitee: body.invitee,
          created_at: invitee.noShow.createdAt,
        },
      },
    }
  }
  url = standIn.url
  const calendly: CalendlyApiStandIn = Object.assign(standIn, {
    token,
    events,
    orgAdmin: true,
    inviteeUri: (event: string, invitee: string) =>
      `${url}/scheduled_events/${event}/invitees/${invitee}`,
  })
  return calendly
}
