// Whatever arrives, the function answers 200 and stores one row, or answers 4xx with its JSON
// error and stores nothing; never a 5xx. Checked on PGlite and on PostgreSQL 15 with requests
// fast-check makes up: random JSON and bytes, invalid UTF-8, huge and deep bodies, wrong types,
// extra and prototype keys, lone surrogates, right-to-left and zero-width text.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { messageCodes, validateDemoRequest } from '#core/demo-request-schema.ts'
import { supportedLanguages } from '#core/languages.ts'
import { companySizes } from '#core/lead-fields.ts'
import { createConfiguredHandler } from '#shared/config/configured-handler.ts'
import { readFunctionConfig } from '#shared/config/function-config.ts'
import { createSqlStores } from '#shared/config/sql-stores.ts'
import type { DemoRequestHandler } from '#shared/lead/demo-request-handler.ts'
import { functionUrl, partner } from '../support/function-requests.ts'
import { nastyPieces, nastyText } from '../support/nasty-text.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { sampleLead, sampleSubmission } from '../support/sample-lead.ts'
import { type TestDatabase, testDatabases } from '../support/test-database.ts'

// 300 a database in npm test, 10,000 in `npm run test:long`. The faults this file hunts come in
// kinds of request (a body of each kind, a wrong type in a field, an odd method, header or key,
// bytes that are not UTF-8, a deep or oversized body), the rarest drawn once in 21 cases of half
// the mix: 300 cases draw each some seven times a database, and repeat a retried key some fifty
// times. 1,000 cost 8 s more of a core (quiet machine) for the same kinds.
const runs = propertyRuns(300)
const maxBodyBytes = 16 * 1024

// --- What a request is made of. Plain data, so a counterexample prints readably. ---

const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
)

// The pieces the schema cleans rather than refuses: most requests carry them and still get as
// far as the database, where a lone surrogate or a stray joiner would show.
const cleanable = nastyPieces.filter(
  (piece) =>
    validateDemoRequest({ ...sampleLead, firstName: `${piece}A${piece}da${piece}` }).success,
)
const cleanableName = fc
  .tuple(
    fc.array(fc.constantFrom(...cleanable), { maxLength: 4 }),
    fc.array(fc.constantFrom(...cleanable), { maxLength: 4 }),
  )
  .map(([before, after]) => `${before.join('')}Ada${after.join('')}`)
const text = fc.oneof(
  { weight: 3, arbitrary: cleanableName },
  { weight: 3, arbitrary: fc.tuple(nastyText, nastyText).map(([a, b]) => `${a}Ada${b}`) },
  { weight: 1, arbitrary: nastyText },
  { weight: 1, arbitrary: fc.nat(2100).map((n) => 'é'.repeat(n)) },
)
const field = fc.oneof({ weight: 8, arbitrary: text }, { weight: 1, arbitrary: wrongType })
const metadata = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: text },
  { weight: 1, arbitrary: wrongType },
)
// What the widget sends, but for the odd field.
const widgetField = fc.oneof(
  { weight: 40, arbitrary: cleanableName },
  { weight: 1, arbitrary: field },
)
const widgetMetadata = fc.oneof(
  { weight: 20, arbitrary: fc.option(cleanableName, { nil: undefined }) },
  { weight: 1, arbitrary: metadata },
)

const extraKeys = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'isSpam',
  'id',
  'notificationStatus',
  // Repeated keys: JSON.parse keeps the last.
  'firstName',
  'companySize',
  'website',
)
const extraEntry = fc.tuple(fc.oneof(extraKeys, fc.string()), fc.jsonValue({ maxDepth: 3 }))

// A submission as JSON entries: the sample lead with each field drawn from `field`.
function submissionEntries(field: fc.Arbitrary<unknown>, metadata: fc.Arbitrary<unknown>) {
  return fc
    .record({
      firstName: field,
      lastName: field,
      companyName: field,
      companySize: fc.oneof(
        { weight: 20, arbitrary: fc.constantFrom(...companySizes) },
        { weight: 1, arbitrary: field },
      ),
      source: metadata,
      pageUrl: metadata,
      referrer: metadata,
      website: fc.oneof(
        { weight: 8, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: field },
      ),
      // None, as an older widget sends, one the form is written in, or anything.
      language: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 4, arbitrary: fc.constantFrom(...supportedLanguages) },
        { weight: 1, arbitrary: field },
      ),
    })
    .chain((fields) =>
      fc
        .array(extraEntry, { maxLength: 3 })
        .map((extras): [string, unknown][] => [
          ...Object.entries({ ...sampleSubmission, ...fields }).filter(([, v]) => v !== undefined),
          ...extras,
        ]),
    )
}

// JSON written by hand, so `__proto__` stays a key and keys may repeat.
const objectText = (entries: [string, unknown][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`

const marker = 'MARKER-FOR-INVALID-UTF8'
const invalidUtf8 = fc.constantFrom(
  [0xff],
  [0xc3],
  [0xc3, 0x28],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xc0, 0xaf],
  [0x80],
)

type Body = string | { bytes: number[] } | null

const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 12, arbitrary: submissionEntries(field, metadata).map(objectText) },
  { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
  // A submission with bytes that are not UTF-8 inside a name.
  {
    weight: 2,
    arbitrary: fc
      .tuple(submissionEntries(widgetField, widgetMetadata), invalidUtf8)
      .map(([entries, bad]) => {
        const [before = '', after = ''] = objectText([
          ...entries,
          ['firstName', `Ada${marker}`],
        ]).split(marker)
        const encoder = new TextEncoder()
        return { bytes: [...encoder.encode(before), ...bad, ...encoder.encode(after)] }
      }),
  },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ bytes: [...bytes] })),
  },
  // Deep nesting, of the whole body or of one field.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 8000 }), fc.constantFrom('[]', '{"a":}'), fc.boolean())
      .map(([depth, pair, inField]) => {
        const [open, close] = pair === '[]' ? ['[', ']'] : ['{"a":', '}']
        const deep = `${open.repeat(depth)}1${close.repeat(depth)}`
        return inField ? objectText([['firstName', 0]]).replace('0', deep) : deep
      }),
  },
  // Around the size limit, and far past it.
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: maxBodyBytes - 200, max: maxBodyBytes * 4 })
      .map((size) => objectText([...Object.entries(sampleSubmission), ['pad', 'x'.repeat(size)]])),
  },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', '[]', '"text"', '{', '{}') },
  { weight: 1, arbitrary: fc.constant(null) },
)

// Header values are byte strings: no NUL, CR or LF, nothing above U+00FF.
const headerValue = fc
  .string({ unit: fc.integer({ min: 1, max: 0xff }).map((code) => String.fromCharCode(code)) })
  .map((value) => value.replace(/[\r\n]/g, ''))

const idempotencyKey = fc.oneof(
  { weight: 6, arbitrary: fc.uuid() },
  // Retries: keys that repeat across cases, often with a different body.
  { weight: 2, arbitrary: fc.nat(9).map((n) => `retried-${n}`) },
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.oneof(headerValue, fc.constant('k'.repeat(201))) },
)

// Anything a client could send.
const anyRequest = fc.record({
  method: fc.oneof(
    { weight: 10, arbitrary: fc.constant('POST') },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
  ),
  contentType: fc.oneof(
    { weight: 10, arbitrary: fc.constant('application/json') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'Application/JSON',
        'text/plain',
        'application/x-www-form-urlencoded',
      ),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ),
  origin: fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(partner, undefined) },
    { weight: 1, arbitrary: fc.constantFrom('https://elsewhere.example', 'null', '') },
  ),
  idempotencyKey,
  userAgent: fc.option(headerValue, { nil: undefined }),
  contentLength: fc.oneof(
    { weight: 10, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('0', '1', '16385', '999999999', 'x', '-1') },
  ),
  // Sent in small chunks, as a slow client would.
  chunked: fc.boolean(),
  body,
})

// What the widget sends, with nasty text the schema cleans, so many requests reach the store.
const widgetRequest = fc.record({
  method: fc.constant('POST'),
  contentType: fc.constant('application/json'),
  origin: fc.constantFrom(partner, undefined),
  idempotencyKey: fc.oneof(
    { weight: 6, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.nat(9).map((n) => `retried-${n}`) },
    { weight: 2, arbitrary: fc.constant(undefined) },
  ),
  userAgent: fc.option(headerValue, { nil: undefined }),
  contentLength: fc.constant(undefined),
  chunked: fc.boolean(),
  body: submissionEntries(widgetField, widgetMetadata).map((entries): Body => objectText(entries)),
})

const requestSpec = fc.oneof(
  { weight: 1, arbitrary: widgetRequest },
  { weight: 1, arbitrary: anyRequest },
)

type RequestSpec = typeof requestSpec extends fc.Arbitrary<infer T> ? T : never

// The project's key, as the widget sends it: the function refuses calls without one.
const apiKey = 'sb_publishable_properties'

function toRequest(spec: RequestSpec): Request {
  const headers = new Headers({ apikey: apiKey })
  const set = (name: string, value: string | undefined) => {
    if (value !== undefined) headers.set(name, value)
  }
  set('content-type', spec.contentType)
  set('origin', spec.origin)
  set('idempotency-key', spec.idempotencyKey)
  set('user-agent', spec.userAgent)
  set('content-length', spec.contentLength)
  const bytes =
    spec.body === null
      ? null
      : typeof spec.body === 'string'
        ? new TextEncoder().encode(spec.body)
        : Uint8Array.from(spec.body.bytes)
  if (bytes === null || spec.method === 'GET') {
    return new Request(functionUrl, { method: spec.method, headers })
  }
  if (!spec.chunked) return new Request(functionUrl, { method: spec.method, headers, body: bytes })
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 997) controller.enqueue(bytes.slice(at, at + 997))
      controller.close()
    },
  })
  // Node needs `duplex` for a streamed body; the DOM's RequestInit does not know it yet.
  const init = { method: spec.method, headers, body: stream, duplex: 'half' }
  return new Request(functionUrl, init as RequestInit)
}

// --- The property, on each database. ---

const backends = testDatabases

describe.each(backends)('the handler on $name, for any request', ({ open, skip }) => {
  let test: TestDatabase
  let handler: DemoRequestHandler
  const logged: unknown[][] = []

  beforeAll(async () => {
    if (skip) return
    test = await open()
    // Before the handler is made: it keeps the console.error it finds, and logs a 5xx's cause.
    vi.spyOn(console, 'error').mockImplementation((...args) => {
      logged.push(args)
    })
    // A limit no run reaches, so every case is judged on its own request.
    const env: Record<string, string> = {
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_GLOBAL_MAX: '1000000',
      ALLOWED_ORIGINS: partner,
      SUPABASE_ANON_KEY: apiKey,
      // Proofs of work have their own tests (proof-gate.test.ts); here the fields are judged.
      POW_MAX_BITS: '0',
    }
    handler = createConfiguredHandler(
      readFunctionConfig((name) => env[name]),
      createSqlStores(test.db),
    )
  }, 120_000)
  afterAll(async () => {
    vi.restoreAllMocks()
    await test?.close()
  })

  async function rows(key: string | undefined, id = '') {
    const [counts] = await test.db.query<{ total: number; keyed: number; found: number }>(
      `select count(*)::int as total,
              count(*) filter (where idempotency_key = $1)::int as keyed,
              count(*) filter (where id::text = $2 and idempotency_key is not distinct from $1)::int
                as found
       from public.demo_requests`,
      [key ?? null, id],
    )
    return counts ?? { total: Number.NaN, keyed: Number.NaN, found: Number.NaN }
  }

  it.skipIf(skip)(
    `answers 200 with one row, or 4xx with its JSON error and no row (${runs} requests)`,
    async () => {
      const seen = { ok: 0, refused: 0 }
      await fc.assert(
        fc.asyncProperty(requestSpec, async (spec) => {
          const request = toRequest(spec)
          // The key as HTTP carries it: a header value loses its surrounding whitespace.
          const key = request.headers.get('idempotency-key') ?? undefined
          const before = await rows(key)
          logged.length = 0
          const response = await handler(request)
          const text = await response.text()
          const context = `${response.status} ${text} ${logged.map((args) => args.join(' ')).join('\n')}`

          if (spec.method === 'OPTIONS' && response.status === 204) {
            expect((await rows(key)).total, context).toBe(before.total)
            return
          }
          expect(response.headers.get('content-type'), context).toMatch(/^application\/json/)
          const reply = JSON.parse(text)

          if (spec.method === 'GET' && response.status === 200) {
            // A challenge asked for (none: these post without proofs), and nothing stored.
            expect(reply, context).toEqual({ success: true, challenge: null })
            expect((await rows(key)).total, context).toBe(before.total)
            return
          }
          if (response.status === 200) {
            seen.ok += 1
            expect(reply, context).toEqual({ success: true, requestId: expect.any(String) })
            const after = await rows(key, reply.requestId)
            // The row answered for: its id, under its key when it had one.
            expect(after.found, context).toBe(1)
            if (key !== undefined) expect(after.keyed, context).toBe(1)
            const isNew = key === undefined || before.keyed === 0
            expect(after.total - before.total, context).toBe(isNew ? 1 : 0)
            return
          }

          seen.refused += 1
          expect(response.status, context).toBeGreaterThanOrEqual(400)
          expect(response.status, context).toBeLessThan(500)
          expect(reply, context).toEqual({
            success: false,
            error: {
              code: expect.stringMatching(/^[a-z_]+$/),
              message: expect.stringMatching(/\S/),
              ...('fields' in reply.error && { fields: expect.any(Object) }),
              ...('fields' in reply.error && { codes: expect.any(Object) }),
            },
          })
          for (const message of Object.values(reply.error.fields ?? {})) {
            expect(message, context).toEqual(expect.stringMatching(/\S/))
          }
          // A code for each field with words, and only codes a widget has words for.
          const codes = reply.error.codes ?? {}
          expect(Object.keys(codes), context).toEqual(Object.keys(reply.error.fields ?? {}))
          for (const code of Object.values(codes)) expect(messageCodes, context).toContain(code)
          expect((await rows(key)).total, context).toBe(before.total)
        }),
        { numRuns: runs },
      )
      // Both outcomes are well represented, or the property proves little.
      expect(seen.ok).toBeGreaterThan(runs / 10)
      expect(seen.refused).toBeGreaterThan(runs / 10)
    },
    Math.max(120_000, runs * 100),
  )
})
