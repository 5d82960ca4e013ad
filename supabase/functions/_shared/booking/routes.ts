import { isRecord } from '#core/is-record.ts'
import { type Language, supportedLanguages } from '#core/languages.ts'
import { type LeadFieldName, leadField, leadFieldNames } from '#core/lead-fields.ts'
import { type BookingProvider, bookingProviders, type NextStep } from '#core/next-step.ts'
import type { Invitee } from './scheduler.ts'
import { schedulerOfHost, schedulers } from './schedulers.ts'

/** The setting's name, as every message about it spells it. */
export const routesSetting = 'DEMO_REQUEST_ROUTES'

/** Catalogue fields and the values that match; a rule with none matches every lead. */
export type RouteCondition = Partial<Record<LeadFieldName, readonly string[]>>

/** How a booking page is shown: embedded in the provider's own way, or as a plain link. */
type BookingPageKind = BookingProvider | 'link'

/** A message route's words by language: English always, the others where the firm wrote them. */
type RouteMessage = { en: string } & Partial<Record<Language, string>>

/** One rule of the setting; `rule` is its place in the list, from 1, as recorded on the lead. */
export type Route = { rule: number; when: RouteCondition } & (
  | { kind: 'book'; book: string; provider: BookingPageKind }
  | { kind: 'message'; message: RouteMessage }
)

/** A lead's values by catalogue field, as the function holds them after validation. */
export type RouteLead = Partial<Record<LeadFieldName, string | null | undefined>>

/** The longest message a route may show. */
export const maxRouteMessage = 500

const ruleKeys = new Set(['when', 'book', 'provider', 'message'])
// Plain http only where a test serves a stand-in booking page.
const localHosts = new Set(['localhost', '127.0.0.1'])

const isFieldName = (name: string): name is LeadFieldName =>
  (leadFieldNames as readonly string[]).includes(name)

function fail(problem: string): never {
  throw new Error(`${routesSetting}: ${problem}`)
}

/**
 * A rule's `when`, as DEMO_REQUEST_ROUTES and LEAD_OWNER_RULES write it; `refuse` throws with
 * the setting's name.
 */
export function parseWhen(
  value: unknown,
  where: string,
  refuse: (problem: string) => never = fail,
): RouteCondition {
  // Annotated, so that the checker knows each call below never returns.
  const fail: (problem: string) => never = refuse
  if (value === undefined) return {}
  if (!isRecord(value)) fail(`${where} "when" must be an object of field names and value lists`)
  const when: RouteCondition = {}
  for (const [name, values] of Object.entries(value)) {
    if (!isFieldName(name)) {
      fail(`${where} names "${name}", which is not a lead field (${leadFieldNames.join(', ')})`)
    }
    const field = leadField(name)
    if (!Array.isArray(values) || values.length === 0) {
      fail(`${where} "${name}" must be a non-empty list of values`)
    }
    for (const item of values) {
      if (typeof item !== 'string' || item.trim() === '') {
        fail(`${where} "${name}" lists ${JSON.stringify(item)}, which is not a value`)
      }
      if (field.options && !field.options.includes(item)) {
        fail(`${where} "${name}" lists "${item}", not one of ${field.options.join(', ')}`)
      }
      if (item.length > field.max) {
        fail(`${where} "${name}" lists a value longer than the field's ${field.max} characters`)
      }
    }
    when[name] = values as string[]
  }
  return when
}

const providerChoice = new Intl.ListFormat('en', { type: 'disjunction' }).format(
  bookingProviders.map((name) => `"${name}"`),
)

function parseBook(
  book: unknown,
  provider: unknown,
  where: string,
): { book: string; provider: BookingPageKind } {
  if (typeof book !== 'string') fail(`${where} "book" must be a booking page's address`)
  let url: URL
  try {
    url = new URL(book)
  } catch {
    fail(`${where} "book" is not an address: "${book}"`)
  }
  const local = url.protocol === 'http:' && localHosts.has(url.hostname)
  if (url.protocol !== 'https:' && !local) fail(`${where} "book" must be an https address`)
  if (url.username || url.password) fail(`${where} "book" must not carry a user name or password`)
  const fromHost = schedulerOfHost(url.hostname)
  if (provider === undefined) return { book: url.href, provider: fromHost ?? 'link' }
  if (!bookingProviders.includes(provider as BookingProvider)) {
    fail(`${where} "provider" must be ${providerChoice}, not ${JSON.stringify(provider)}`)
  }
  if (fromHost && fromHost !== provider) {
    fail(`${where} "provider" says ${provider}, but ${url.hostname} is ${fromHost}'s`)
  }
  return { book: url.href, provider: provider as BookingProvider }
}

function parseRule(value: unknown, rule: number): Route {
  const where = `rule ${rule}`
  if (!isRecord(value)) fail(`${where} must be an object`)
  for (const key of Object.keys(value)) {
    if (!ruleKeys.has(key))
      fail(`${where} has an unknown key "${key}" (when, book, provider, message)`)
  }
  const when = parseWhen(value.when, where)
  const { book, message, provider } = value
  if ((book === undefined) === (message === undefined)) {
    fail(
      `${where} needs either "book" or "message", not ${book === undefined ? 'neither' : 'both'}`,
    )
  }
  if (book !== undefined) return { rule, when, kind: 'book', ...parseBook(book, provider, where) }
  if (provider !== undefined) fail(`${where} has a "provider" but no "book"`)
  return { rule, when, kind: 'message', message: parseMessage(message, where) }
}

const languageList = supportedLanguages.map((language) => `"${language}"`).join(', ')

function messageText(text: unknown, where: string): string {
  if (typeof text !== 'string' || text.trim() === '') fail(`${where} must be text`)
  if (text.length > maxRouteMessage) fail(`${where} is longer than ${maxRouteMessage} characters`)
  return text.trim()
}

// One text for every visitor, or one per language; English is what a language without its own
// text falls back to, so an object must have it.
function parseMessage(message: unknown, where: string): RouteMessage {
  if (!isRecord(message)) return { en: messageText(message, `${where} "message"`) }
  const texts: Partial<Record<Language, string>> = {}
  for (const [language, text] of Object.entries(message)) {
    if (!(supportedLanguages as readonly string[]).includes(language)) {
      fail(`${where} "message" has "${language}", not a language of the form (${languageList})`)
    }
    texts[language as Language] = messageText(text, `${where} "message" "${language}"`)
  }
  if (texts.en === undefined) fail(`${where} "message" needs its English text, under "en"`)
  return texts as RouteMessage
}

/**
 * The rules `value` lists, in order. Unset or empty means none: today's behaviour. Throws,
 * naming the setting and the rule, for anything else that is not a valid list, so a typo stops
 * the function at start (its 503 and one log line) rather than sending leads nowhere.
 */
export function parseRoutes(value: string | undefined): Route[] {
  if (value === undefined || value.trim() === '') return []
  let rules: unknown
  try {
    rules = JSON.parse(value)
  } catch (error) {
    fail(`not valid JSON (${error instanceof Error ? error.message : String(error)})`)
  }
  if (!Array.isArray(rules)) fail('must be a JSON list of rules')
  return rules.map((rule, index) => parseRule(rule, index + 1))
}

/** Whether the lead meets every condition of `when`. */
export function matchesWhen(when: RouteCondition, lead: RouteLead): boolean {
  return Object.entries(when).every(([name, values]) => {
    const value = lead[name as LeadFieldName]?.trim()
    if (!value || !values) return false
    // A choice is one of its options exactly; typed text matches whatever its case.
    if (leadField(name as LeadFieldName).options) return values.includes(value)
    const folded = value.toLowerCase()
    return values.some((candidate) => candidate.trim().toLowerCase() === folded)
  })
}

/** The first rule whose every condition the lead meets, or undefined: today's behaviour. */
export function matchRoute(routes: readonly Route[], lead: RouteLead): Route | undefined {
  return routes.find((route) => matchesWhen(route.when, lead))
}

/**
 * The reply's next step for a lead its route matched: the route's message, or its booking page
 * prefilled with the lead's name and email and its `requestId` (through which the provider's
 * webhook finds the lead). `embedDomain` is the host of the page the form is on.
 */
export function nextStep(
  route: Route,
  lead: RouteLead,
  requestId: string,
  embedDomain: string,
): NextStep {
  if (route.kind === 'message') {
    const text = route.message[lead.language as Language] ?? route.message.en
    return { kind: 'message', text }
  }
  const invitee: Invitee = {
    name: [lead.firstName, lead.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' '),
    email: lead.email?.trim() ?? '',
  }
  // A page whose parameters nobody here knows gets none: it opens as the firm gave it.
  if (route.provider === 'link') return { kind: 'link', url: route.book }
  const url = schedulers[route.provider].bookingUrl(route.book, invitee, requestId, embedDomain)
  return { kind: 'book', provider: route.provider, url }
}
