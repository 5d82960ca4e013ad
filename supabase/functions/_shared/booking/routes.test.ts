import { describe, expect, it } from 'vitest'
import {
  matchRoute,
  maxRouteMessage,
  nextStep,
  parseRoutes,
  type Route,
  routesSetting,
} from './routes.ts'

// The issue's own example.
const example = JSON.stringify([
  {
    when: { companySize: ['50-200 employees', '200+ employees'] },
    book: 'https://cal.com/acme/demo',
  },
  {
    when: { companySize: ['1-5 employees'] },
    message: "Thanks! We'll email you a short product tour.",
  },
])

const ada = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@analytical.example',
  companyName: 'Analytical Engines',
  companySize: '200+ employees',
}

const problem = (value: unknown) => () =>
  parseRoutes(typeof value === 'string' ? value : JSON.stringify(value))

describe('parseRoutes', () => {
  it('reads the issue example in order, with the provider from the host', () => {
    expect(parseRoutes(example)).toEqual([
      {
        rule: 1,
        when: { companySize: ['50-200 employees', '200+ employees'] },
        kind: 'book',
        book: 'https://cal.com/acme/demo',
        provider: 'cal',
      },
      {
        rule: 2,
        when: { companySize: ['1-5 employees'] },
        kind: 'message',
        message: { en: "Thanks! We'll email you a short product tour." },
      },
    ])
  })

  it('reads no setting, or an empty one, as no rules', () => {
    expect(parseRoutes(undefined)).toEqual([])
    expect(parseRoutes('  ')).toEqual([])
    expect(parseRoutes('[]')).toEqual([])
  })

  it('tells each provider by its host, or by "provider", and any other page is a link', () => {
    const providers = parseRoutes(
      JSON.stringify([
        { book: 'https://app.cal.com/acme/demo' },
        { book: 'https://cal.com/acme/demo' },
        { book: 'https://acme.cal.com/demo' },
        { book: 'https://cal.eu/acme/demo' },
        { book: 'https://app.cal.eu/acme/demo' },
        { book: 'https://calendly.com/acme/demo' },
        { book: 'https://book.acme.example/demo', provider: 'cal' },
        { book: 'https://meet.acme.example/demo', provider: 'calendly' },
        { book: 'https://outlook.office.com/bookwithme/user/abc' },
        { book: 'http://127.0.0.1:4100/cal/acme/demo', provider: 'cal' },
        { book: 'http://localhost:4100/calendly/acme/demo', provider: 'calendly' },
      ]),
    ).map((route) => (route.kind === 'book' ? route.provider : route.kind))
    expect(providers).toEqual([
      'cal',
      'cal',
      'cal',
      'cal',
      'cal',
      'calendly',
      'cal',
      'calendly',
      'link',
      'cal',
      'calendly',
    ])
  })

  it('lets a rule without "when" match every lead', () => {
    const routes = parseRoutes(JSON.stringify([{ message: 'Thanks!' }]))
    expect(matchRoute(routes, {})?.rule).toBe(1)
  })

  it.each([
    ['{', /^DEMO_REQUEST_ROUTES: not valid JSON/],
    [{ book: 'https://cal.com/a' }, /must be a JSON list of rules/],
    [['https://cal.com/a'], /rule 1 must be an object/],
    [
      [{ when: { companySize: ['1-5 employees'] } }],
      /rule 1 needs either "book" or "message", not neither/,
    ],
    [
      [{ book: 'https://cal.com/a', message: 'Hi' }],
      /rule 1 needs either "book" or "message", not both/,
    ],
    [[{ message: 'Hi' }, { bok: 'https://cal.com/a' }], /rule 2 has an unknown key "bok"/],
    [
      [{ when: { size: ['1-5 employees'] }, message: 'Hi' }],
      /rule 1 names "size", which is not a lead field/,
    ],
    [
      [{ when: { companySize: ['10 employees'] }, message: 'Hi' }],
      /"companySize" lists "10 employees", not one of 1-5 employees, 6-50 employees/,
    ],
    [[{ when: { companySize: [] }, message: 'Hi' }], /"companySize" must be a non-empty list/],
    [
      [{ when: { companySize: '1-5 employees' }, message: 'Hi' }],
      /"companySize" must be a non-empty list/,
    ],
    [[{ when: { role: [''] }, message: 'Hi' }], /"role" lists "", which is not a value/],
    [[{ when: ['companySize'], message: 'Hi' }], /"when" must be an object/],
    [[{ book: 'cal.com/acme/demo' }], /"book" is not an address/],
    [[{ book: 'http://cal.com/acme/demo' }], /"book" must be an https address/],
    [[{ book: 'http://192.168.1.5/acme/demo' }], /"book" must be an https address/],
    [[{ book: 'javascript:alert(1)' }], /"book" must be an https address/],
    [[{ book: 'https://user:pw@cal.com/acme' }], /must not carry a user name or password/],
    [
      [{ book: 'https://cal.com/acme', provider: 'hubspot' }],
      /"provider" must be "cal" or "calendly", not "hubspot"/,
    ],
    [
      [{ book: 'https://cal.com/acme', provider: 'calendly' }],
      /says calendly, but cal.com is cal's/,
    ],
    [
      [{ book: 'https://acme.cal.com/demo', provider: 'calendly' }],
      /says calendly, but acme.cal.com is cal's/,
    ],
    [[{ message: 'Hi', provider: 'cal' }], /has a "provider" but no "book"/],
    [[{ message: '   ' }], /"message" must be text/],
    [[{ message: 'x'.repeat(maxRouteMessage + 1) }], /"message" is longer than 500 characters/],
    [[{ message: { es: 'Gracias' } }], /rule 1 "message" needs its English text, under "en"/],
    [[{ message: { en: 'Hi', fr: 'Salut' } }], /"message" has "fr", not a language of the form/],
    [[{ message: { en: 'Hi', es: ' ' } }], /rule 1 "message" "es" must be text/],
    [[{ message: { en: 'Hi', es: 7 } }], /rule 1 "message" "es" must be text/],
    [
      [{ message: { en: 'Hi', es: 'x'.repeat(maxRouteMessage + 1) } }],
      /"message" "es" is longer than 500 characters/,
    ],
    [[{ message: ['Hi'] }], /rule 1 "message" must be text/],
    [[{ when: { language: ['fr'] }, message: 'Hi' }], /"language" lists "fr", not one of en, es/],
  ])('refuses %j, naming the setting and what is wrong', (value, message) => {
    expect(routesSetting).toBe('DEMO_REQUEST_ROUTES')
    expect(problem(value)).toThrow(new RegExp(`^${routesSetting}: `))
    expect(problem(value)).toThrow(message)
  })
})

describe('matchRoute', () => {
  const routes = parseRoutes(example)

  it('takes the first rule that matches', () => {
    const both = parseRoutes(
      JSON.stringify([
        { when: { companySize: ['200+ employees'] }, message: 'first' },
        { when: { companySize: ['200+ employees'] }, message: 'second' },
      ]),
    )
    expect(matchRoute(both, ada)).toMatchObject({ rule: 1, message: { en: 'first' } })
    expect(matchRoute(routes, ada)?.rule).toBe(1)
    expect(matchRoute(routes, { ...ada, companySize: '1-5 employees' })?.rule).toBe(2)
  })

  it("matches the lead's language, a choice of the supported ones", () => {
    const byLanguage = parseRoutes(
      JSON.stringify([
        { when: { language: ['es'] }, book: 'https://calendly.com/acme/demo-es' },
        { book: 'https://calendly.com/acme/demo' },
      ]),
    )
    expect(matchRoute(byLanguage, { ...ada, language: 'es' })?.rule).toBe(1)
    expect(matchRoute(byLanguage, { ...ada, language: 'en' })?.rule).toBe(2)
    expect(matchRoute(byLanguage, ada)?.rule).toBe(2)
  })

  it('gives undefined when no rule matches, or there are none', () => {
    expect(matchRoute(routes, { ...ada, companySize: '6-50 employees' })).toBeUndefined()
    expect(matchRoute([], ada)).toBeUndefined()
  })

  it('needs every field of a rule to match, and an absent field matches nothing', () => {
    const [route] = parseRoutes(
      JSON.stringify([
        { when: { companySize: ['200+ employees'], utmSource: ['LinkedIn'] }, message: 'Hi' },
      ]),
    ) as [Route]
    expect(matchRoute([route], ada)).toBeUndefined()
    expect(matchRoute([route], { ...ada, utmSource: null })).toBeUndefined()
    // Typed text matches whatever its case; a choice only exactly.
    expect(matchRoute([route], { ...ada, utmSource: ' linkedin ' })).toBe(route)
    expect(
      matchRoute([route], { ...ada, companySize: '200+ EMPLOYEES', utmSource: 'linkedin' }),
    ).toBeUndefined()
  })
})

describe('nextStep', () => {
  const route = (rule: object) => parseRoutes(JSON.stringify([rule]))[0] as Route
  const params = (url: string) => Object.fromEntries(new URL(url).searchParams)

  it('prefills a Cal.com page with the name, the email and metadata[demoRequestId]', () => {
    const step = nextStep(
      route({ book: 'https://cal.com/acme/demo?duration=30' }),
      ada,
      'req-1',
      'partner.example',
    )
    expect(step).toMatchObject({ kind: 'book', provider: 'cal' })
    if (step.kind !== 'book') throw new Error('expected a booking')
    expect(new URL(step.url).origin + new URL(step.url).pathname).toBe('https://cal.com/acme/demo')
    expect(params(step.url)).toEqual({
      duration: '30',
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      'metadata[demoRequestId]': 'req-1',
    })
  })

  it('prefills a Calendly page with the name, the email, embed_domain and utm_content', () => {
    const step = nextStep(
      route({ book: 'https://calendly.com/acme/demo' }),
      ada,
      'req-2',
      'partner.example',
    )
    if (step.kind !== 'book') throw new Error('expected a booking')
    expect(step.provider).toBe('calendly')
    expect(params(step.url)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      embed_domain: 'partner.example',
      utm_content: 'req-2',
    })
  })

  it('leaves out what the lead does not have, and keeps the request id', () => {
    const step = nextStep(
      route({ book: 'https://calendly.com/acme/demo' }),
      { firstName: 'Ada' },
      'req-3',
      '',
    )
    if (step.kind !== 'book') throw new Error('expected a booking')
    expect(params(step.url)).toEqual({ name: 'Ada', utm_content: 'req-3' })
  })

  it('gives a link-only page as the firm wrote it', () => {
    const page = 'https://outlook.office.com/bookwithme/user/abc?anonymous'
    expect(nextStep(route({ book: page }), ada, 'req-4', 'partner.example')).toEqual({
      kind: 'link',
      url: page,
    })
  })

  it("gives a message route's text in the lead's language, else in English", () => {
    const words = { en: 'Thanks!', es: ' ¡Gracias! ' }
    const step = (language?: string) =>
      nextStep(route({ message: words }), { ...ada, language }, 'req-6', '')
    expect(step('es')).toEqual({ kind: 'message', text: '¡Gracias!' })
    expect(step('en')).toEqual({ kind: 'message', text: 'Thanks!' })
    expect(step(undefined)).toEqual({ kind: 'message', text: 'Thanks!' })
    const english = nextStep(route({ message: { en: 'Hi' } }), { ...ada, language: 'es' }, 'r', '')
    expect(english).toEqual({ kind: 'message', text: 'Hi' })
  })

  it('gives a message route its message', () => {
    expect(nextStep(route({ message: ' Thanks! ' }), ada, 'req-5', '')).toEqual({
      kind: 'message',
      text: 'Thanks!',
    })
  })
})
