import type { MeetingOutcome } from '#core/console-api.ts'
import { isRecord } from '#core/is-record.ts'
import { type BookingEvent, instant, type Json, text } from '../booking-event.ts'
import {
  ApiRefused,
  attendanceLookBackMs,
  getApiJson,
  type SchedulerApi,
  type SchedulerApiSettings,
  sendApiJson,
} from '../scheduler-api.ts'
import { calendlyHostEmail, calendlyInviteeEvent } from './calendly-invitee.ts'

// Calendly's largest page.
const pageSize = 100
const what = { name: 'Calendly', keySetting: 'CALENDLY_API_TOKEN' }

/**
 * One invitee of `GET /scheduled_events/{uuid}/invitees` as the change a webhook would report,
 * or undefined for one not made through our pages: no lead in `tracking.utm_content` (where the
 * prefilled page put it) and no `old_invitee` it replaces. `startTime` is its event's.
 */
function calendlyApiInviteeEvent(
  invitee: Json,
  startTime: string,
  hostEmail: string | undefined,
): BookingEvent | undefined {
  const bookingId = text(invitee.uri)
  const occurredAt = instant(invitee.updated_at) ?? instant(invitee.created_at)
  const status = text(invitee.status)
  if (!bookingId || !occurredAt || (status !== 'active' && status !== 'canceled')) return undefined
  const state = status === 'active' ? 'booked' : 'cancelled'
  const event = calendlyInviteeEvent(invitee, {
    bookingId,
    state,
    startTime,
    occurredAt,
    hostEmail,
  })
  if (!event.requestId && !text(invitee.old_invitee)) return undefined
  // An invitee marked a no-show carries the mark (`{ uri, created_at }`); one not, null.
  if ('no_show' in invitee) event.attendance = { guestNoShow: isRecord(invitee.no_show) }
  return event
}

/** Every item of a paged Calendly list, following `pagination.next_page_token`. */
async function everyPage(
  first: URL,
  headers: Record<string, string>,
  fetch: typeof globalThis.fetch,
): Promise<Json[]> {
  const items: Json[] = []
  let token: string | undefined
  do {
    const url = new URL(first)
    url.searchParams.set('count', String(pageSize))
    if (token) url.searchParams.set('page_token', token)
    const body = await getApiJson(url, headers, what, fetch)
    if (!Array.isArray(body.collection)) {
      throw new Error(`Calendly sent ${url.pathname} without a collection`)
    }
    items.push(...body.collection.filter(isRecord))
    const pagination = isRecord(body.pagination) ? body.pagination : {}
    token = text(pagination.next_page_token)
  } while (token)
  return items
}

/**
 * The events to read: the organization's when the token's user may list them (an admin or
 * owner), else the user's own, as Calendly lists events only by one or the other.
 */
async function scheduledEvents(
  api: SchedulerApiSettings,
  since: Date,
  headers: Record<string, string>,
  fetch: typeof globalThis.fetch,
): Promise<Json[]> {
  const me = await getApiJson(new URL(`${api.url}/users/me`), headers, what, fetch)
  const resource = isRecord(me.resource) ? me.resource : {}
  const scopes = [
    ['organization', text(resource.current_organization)],
    ['user', text(resource.uri)],
  ].filter((scope): scope is [string, string] => scope[1] !== undefined)
  if (scopes.length === 0) throw new Error('Calendly sent /users/me without the user')
  for (const [index, [scope, uri]] of scopes.entries()) {
    const url = new URL(`${api.url}/scheduled_events`)
    url.searchParams.set(scope, uri)
    // A booking made since `since` starts after it, so this finds every one made since, with
    // the later events besides (those not changed since are left out below),
    // and the meetings of the week before, whose no-shows change no event.
    url.searchParams.set(
      'min_start_time',
      new Date(since.getTime() - attendanceLookBackMs).toISOString(),
    )
    url.searchParams.set('sort', 'start_time:asc')
    try {
      return await everyPage(url, headers, fetch)
    } catch (error) {
      const last = index === scopes.length - 1
      if (!(error instanceof ApiRefused) || last) throw error
    }
  }
  return []
}

/**
 * Every invitee made through our pages of the events of the token's organization (or user)
 * made or changed since `since`. Calendly filters events by start, not by change, so the
 * events' own `updated_at` picks those whose invitees are read.
 */
async function calendlyChangedSince(
  api: SchedulerApiSettings,
  since: Date,
  fetch: typeof globalThis.fetch,
  now: Date,
): Promise<BookingEvent[]> {
  const headers = { authorization: `Bearer ${api.key}` }
  const events = await scheduledEvents(api, since, headers, fetch)
  const found: BookingEvent[] = []
  for (const scheduled of events) {
    const uri = text(scheduled.uri)
    const startTime = instant(scheduled.start_time)
    const changed = instant(scheduled.updated_at) ?? instant(scheduled.created_at)
    if (!uri || !startTime) continue
    // A meeting under way or over is read whatever changed: its no-show changes no event.
    const started = Date.parse(startTime) <= now.getTime()
    if (!started && changed && Date.parse(changed) < since.getTime()) continue
    const uuid = uri.split('/').pop() ?? ''
    const url = new URL(`${api.url}/scheduled_events/${encodeURIComponent(uuid)}/invitees`)
    for (const invitee of await everyPage(url, headers, fetch)) {
      const event = calendlyApiInviteeEvent(invitee, startTime, calendlyHostEmail(scheduled))
      const endTime = instant(scheduled.end_time)
      if (event && endTime) event.endTime = endTime
      if (event) found.push(event)
    }
  }
  return found
}

/**
 * A mark made in the console, written to the invitee (`inviteeUri`, the booking's id): a
 * no-show through `POST /invitee_no_shows`, met by deleting the invitee's no-show
 * (`DELETE /invitee_no_shows/{uuid}`, its uuid read from the invitee). Calendly keeps no host
 * absence: that mark stays ours alone.
 */
async function calendlyMarkMeeting(
  api: SchedulerApiSettings,
  inviteeUri: string,
  outcome: MeetingOutcome,
  fetch: typeof globalThis.fetch,
): Promise<void> {
  if (outcome === 'host_absent') return
  const headers = { authorization: `Bearer ${api.key}` }
  const path = URL.canParse(inviteeUri) ? new URL(inviteeUri).pathname : ''
  if (!/^\/scheduled_events\/[^/]+\/invitees\/[^/]+$/.test(path)) {
    throw new Error(`${inviteeUri} is no Calendly invitee`)
  }
  const read = await getApiJson(new URL(`${api.url}${path}`), headers, what, fetch)
  const invitee = isRecord(read.resource) ? read.resource : {}
  const noShow = isRecord(invitee.no_show) ? text(invitee.no_show.uri) : undefined
  if (outcome === 'no_show' && noShow === undefined) {
    const url = new URL(`${api.url}/invitee_no_shows`)
    await sendApiJson('POST', url, headers, { invitee: inviteeUri }, what, fetch)
  }
  if (outcome === 'met' && noShow !== undefined) {
    const uuid = noShow.split('/').pop() ?? ''
    const url = new URL(`${api.url}/invitee_no_shows/${encodeURIComponent(uuid)}`)
    await sendApiJson('DELETE', url, headers, undefined, what, fetch)
  }
}

/** Calendly's API v2. */
export const calendlyApi: SchedulerApi = {
  keySetting: 'CALENDLY_API_TOKEN',
  urlSetting: 'CALENDLY_API_URL',
  defaultUrl: 'https://api.calendly.com',
  changedSince: calendlyChangedSince,
  markMeeting: calendlyMarkMeeting,
}
