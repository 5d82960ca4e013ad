// Whatever the schema lets through, PGlite and PostgreSQL store character for character as the
// schema gave it: the same lead reads back the same from `npm start` and from production.
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseFormFields } from '#core/contact-fields.ts'
import { type DemoRequestSubmission, validateSubmission } from '#core/demo-request-schema.ts'
import type { NewDemoRequest } from '#shared/lead/lead-store.ts'
import { createSqlLeadStore } from '#shared/lead/sql-lead-store.ts'
import { insertLead } from '../support/insert-lead.ts'
import { nastyPieces, nastyText } from '../support/nasty-text.ts'
import { sampleContact, sampleSubmission } from '../support/sample-lead.ts'
import {
  openTestPglite,
  openTestPostgres,
  postgresBin,
  type TestDatabase,
} from '../support/test-database.ts'

const fields = [
  'firstName',
  'lastName',
  'companyName',
  'source',
  'pageUrl',
  'referrer',
  'utmCampaign',
  'utmTerm',
  'role',
  'message',
] as const
// Every contact field, so the job title and the message go through the round trip too.
const contactFields = parseFormFields('email,phone,role,message')

// Each piece alone, inside a name and at its ends, then a fixed sample of generated strings.
const texts = [
  ...nastyPieces.flatMap((piece) => [piece, `Ada${piece}`, `${piece}Ada`, `Zoë${piece}é`]),
  'é\uDFFFé',
  'Abé\uDFFFécd',
  '\u{1F600}'.repeat(50),
  `a${'\u0301'.repeat(99)}`,
  ...fc.sample(nastyText, { numRuns: 400, seed: 9 }),
]

// What accept-lead hands the store for a valid submission.
function newDemoRequest(submission: DemoRequestSubmission, key: string): NewDemoRequest {
  const { firstName, lastName, companyName, companySize, source, pageUrl, referrer } = submission
  return {
    firstName,
    lastName,
    companyName,
    companySize: companySize as NewDemoRequest['companySize'],
    email: submission.email || null,
    phone: submission.phone || null,
    phoneE164: null,
    role: submission.role || null,
    message: submission.message || null,
    source: source || null,
    pageUrl: pageUrl || null,
    referrer: referrer || null,
    utmSource: submission.utmSource || null,
    utmMedium: submission.utmMedium || null,
    utmCampaign: submission.utmCampaign || null,
    utmTerm: submission.utmTerm || null,
    utmContent: submission.utmContent || null,
    userAgent: null,
    language: submission.language ?? 'en',
    idempotencyKey: key,
    isSpam: false,
  }
}

const leads = texts.flatMap((text, i) => {
  const field = fields[i % fields.length] ?? 'firstName'
  const submission = { ...sampleSubmission, ...sampleContact, [field]: text }
  const result = validateSubmission(submission, contactFields)
  return result.success ? [newDemoRequest(result.output, `case-${i}`)] : []
})

let pglite: TestDatabase
let postgres: TestDatabase | undefined

beforeAll(async () => {
  pglite = await openTestPglite()
  if (postgresBin !== null) postgres = await openTestPostgres()
}, 120_000)
afterAll(async () => {
  await pglite?.close()
  await postgres?.close()
})

async function roundTrip(test: TestDatabase) {
  const store = createSqlLeadStore(test.db)
  for (const lead of leads) await insertLead(test.db, lead)
  const rows = await store.list(leads.length + 1)
  const byKey = new Map(rows.map((row) => [row.idempotencyKey, row]))
  return leads.map((lead) => {
    const row = byKey.get(lead.idempotencyKey)
    return row && { ...lead, ...pick(row) }
  })
}

const pick = ({
  firstName,
  lastName,
  companyName,
  source,
  pageUrl,
  referrer,
  utmCampaign,
  utmTerm,
  role,
  message,
}: NewDemoRequest) => ({
  firstName,
  lastName,
  companyName,
  source,
  pageUrl,
  referrer,
  utmCampaign,
  utmTerm,
  role,
  message,
})

it('the schema lets most of the nasty texts through, cleaned', () => {
  expect(leads.length).toBeGreaterThan(texts.length / 2)
})

it('PGlite stores every text the schema lets through exactly as it gave it', async () => {
  expect(await roundTrip(pglite)).toEqual(leads)
}, 60_000)

it.skipIf(postgresBin === null)(
  'PostgreSQL 15 stores exactly the same, so both databases agree',
  async () => {
    expect(await roundTrip(postgres as TestDatabase)).toEqual(leads)
  },
  60_000,
)
