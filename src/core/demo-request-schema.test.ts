import { describe, expect, it } from 'vitest'
import { sampleLead, sampleLead as valid } from '../../tests/support/sample-lead.ts'
import { allCopies } from '../copy/load-copy.ts'
import { parseFormFields } from './contact-fields.ts'
import {
  checkSubmission,
  fieldMessage,
  validateDemoRequest,
  validateSubmission,
  visitorMessage,
} from './demo-request-schema.ts'
import { formCopy } from './form-copy.ts'
import { companySizes } from './lead-fields.ts'

describe('validateDemoRequest', () => {
  it('accepts each of the four company sizes', () => {
    for (const companySize of companySizes) {
      expect(validateDemoRequest({ ...valid, companySize })).toEqual({
        success: true,
        output: { ...valid, companySize },
      })
    }
  })

  it('gives the required message for every empty field (docs/requirements.md#validation)', () => {
    expect(
      validateDemoRequest({ firstName: '', lastName: '', companyName: '', companySize: '' }),
    ).toEqual({
      success: false,
      fields: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        companyName: 'Company name is required',
        companySize: 'Please select company size',
      },
    })
  })

  it('treats missing and non-string fields as empty', () => {
    expect(validateDemoRequest({ firstName: 42 })).toEqual({
      success: false,
      fields: {
        firstName: formCopy.messages.firstName.required,
        lastName: formCopy.messages.lastName.required,
        companyName: formCopy.messages.companyName.required,
        companySize: formCopy.messages.companySize.required,
      },
    })
  })

  it('counts whitespace-only as empty', () => {
    const result = validateDemoRequest({ ...valid, firstName: ' \t ', lastName: '\n' })
    expect(result).toEqual({
      success: false,
      fields: { firstName: 'First name is required', lastName: 'Last name is required' },
    })
  })

  it('trims surrounding whitespace', () => {
    const result = validateDemoRequest({ ...valid, firstName: `  ${valid.firstName}  ` })
    expect(result.success && result.output.firstName).toBe(valid.firstName)
  })

  it('rejects an unknown company size', () => {
    for (const companySize of ['1000+ employees', ' 1-5 employees', 5, null]) {
      expect(validateDemoRequest({ ...valid, companySize })).toEqual({
        success: false,
        fields: { companySize: 'Please select company size' },
      })
    }
  })

  it('bounds each name', () => {
    expect(validateDemoRequest({ ...valid, firstName: 'a'.repeat(100) }).success).toBe(true)
    expect(
      validateDemoRequest({
        ...valid,
        firstName: 'a'.repeat(101),
        lastName: 'b'.repeat(101),
        companyName: 'c'.repeat(201),
      }),
    ).toEqual({
      success: false,
      fields: {
        firstName: 'First name must be at most 100 characters',
        lastName: 'Last name must be at most 100 characters',
        companyName: 'Company name must be at most 200 characters',
      },
    })
  })

  it('rejects control characters', () => {
    expect(validateDemoRequest({ ...valid, companyName: 'Acme\u0000LLP' })).toEqual({
      success: false,
      fields: { companyName: formCopy.anyField.controlCharacters },
    })
  })

  it('reads names made only of invisible characters as empty', () => {
    const invisible = '\u200B\u200D\u200C\uFEFF\u200E\u00AD'
    expect(validateDemoRequest({ ...valid, firstName: invisible, lastName: ' \u200B ' })).toEqual({
      success: false,
      fields: {
        firstName: formCopy.messages.firstName.required,
        lastName: formCopy.messages.lastName.required,
      },
    })
  })

  it('wants a letter or digit in every name', () => {
    expect(
      validateDemoRequest({
        ...valid,
        firstName: '--',
        lastName: '\u0301\u{1F600}',
        companyName: '&',
      }),
    ).toEqual({
      success: false,
      fields: {
        firstName: formCopy.messages.firstName.letterOrDigit,
        lastName: formCopy.messages.lastName.letterOrDigit,
        companyName: formCopy.messages.companyName.letterOrDigit,
      },
    })
    expect(validateDemoRequest({ ...valid, lastName: "O'", companyName: '3M' }).success).toBe(true)
  })

  it('refuses direction controls, which would show the name in another order', () => {
    for (const firstName of ['Alice\u202Egnp.exe', '\u2067Ada\u2069', '\u202E']) {
      expect(validateDemoRequest({ ...valid, firstName })).toEqual({
        success: false,
        fields: { firstName: formCopy.anyField.directionControls },
      })
    }
  })

  it('refuses line and paragraph separators as it does control characters', () => {
    expect(validateDemoRequest({ ...valid, lastName: 'Love\u2028lace' })).toEqual({
      success: false,
      fields: { lastName: formCopy.anyField.controlCharacters },
    })
  })

  it('makes lone surrogates U+FFFD, normalises to NFC and drops invisible characters', () => {
    const result = validateDemoRequest({
      ...valid,
      firstName: 'Zoe\u0308\uDC00',
      lastName: '\u200BLove\u00ADlace\u200D',
      companyName: '\u{1F469}\u200D\u{1F4BB} Acme\u{E0041}',
    })
    expect(result).toEqual({
      success: true,
      output: {
        ...valid,
        firstName: 'Zoë\uFFFD',
        lastName: 'Lovelace',
        companyName: '\u{1F469}\u200D\u{1F4BB} Acme',
      },
    })
  })

  it('measures a name after cleaning it', () => {
    const firstName = `${'a'.repeat(100)}\u200B`
    expect(validateDemoRequest({ ...valid, firstName }).success).toBe(true)
  })

  it('keeps names in any script and punctuation', () => {
    const names = {
      ...valid,
      firstName: 'Zoë-Renée',
      lastName: "O'Brien 李",
      companyName: 'Ñ & Co.',
    }
    expect(validateDemoRequest(names).success).toBe(true)
  })

  it('drops extra fields', () => {
    const result = validateDemoRequest({ ...valid, isAdmin: true, id: 7 })
    expect(result).toEqual({ success: true, output: valid })
  })

  it('rejects a body that is not an object', () => {
    for (const body of [null, 'text', [valid], 3]) {
      const result = validateDemoRequest(body)
      expect(result.success).toBe(false)
      expect(!result.success && result.fields.body).toBe('A demo request must be a JSON object')
    }
  })
})

describe('validateSubmission', () => {
  it('keeps the metadata and the honeypot, and drops anything else', () => {
    const submission = {
      ...valid,
      source: 'partner-a',
      pageUrl: 'https://partner.example/contact',
      referrer: '',
      website: '',
      extra: 'dropped',
    }
    const { extra: _, ...kept } = submission
    expect(validateSubmission(submission)).toEqual({
      success: true,
      output: { ...kept, language: 'en' },
    })
  })

  it('cleans the metadata instead of refusing it, which the visitor could not fix', () => {
    const result = validateSubmission({
      ...valid,
      source: 'partner\u202E\u0000acme\u200B',
      pageUrl: 'https://partner.example/\uDC00',
      referrer: '\u2066\u2069',
    })
    expect(result).toEqual({
      success: true,
      output: {
        ...valid,
        source: 'partner acme',
        pageUrl: 'https://partner.example/\uFFFD',
        referrer: '',
        language: 'en',
      },
    })
  })

  it("keeps the form's language; none is English; another is refused with its code", () => {
    const spanish = validateSubmission({ ...valid, language: 'es' })
    expect(spanish.success && spanish.output.language).toBe('es')
    // A widget from before languages sends none, and was English.
    const older = validateSubmission({ ...valid })
    expect(older.success && older.output.language).toBe('en')
    for (const language of ['fr', 'ES', 'es-MX', '', 7, null]) {
      const words = validateSubmission({ ...valid, language })
      expect(words).toEqual({ success: false, fields: { language: 'Must be one of en, es' } })
      const codes = checkSubmission({ ...valid, language })
      expect(codes).toEqual({ success: false, codes: { language: 'invalid' } })
    }
  })

  it('refuses a honeypot that is not text with a code, as every rule does', () => {
    expect(checkSubmission({ ...valid, website: [] })).toEqual({
      success: false,
      codes: { website: 'notText' },
    })
  })

  it('keeps the honeypot filled by anything, and cuts it rather than refusing it', () => {
    for (const website of ['\u200B', '\u0000', '\u202E', 'y'.repeat(500)]) {
      const result = validateSubmission({ ...valid, website })
      expect(result.success && result.output.website).toBeTruthy()
      expect(result.success && result.output.website?.length).toBeLessThanOrEqual(200)
    }
  })

  it('bounds the metadata, naming the field and the rule', () => {
    const result = validateSubmission({ ...valid, source: 'x'.repeat(101) })
    expect(result.success).toBe(false)
    expect(!result.success && result.fields).toEqual({
      source: 'Must be at most 100 characters',
    })
  })

  it('keeps the campaign, cleaned like the other metadata, and refuses it too long', () => {
    const campaign = {
      utmSource: 'google',
      utmMedium: 'cpc\u0000',
      utmCampaign: 'injury\u202E-2026',
      utmTerm: 'legal ai',
      utmContent: 'banner-a',
    }
    expect(validateSubmission({ ...valid, ...campaign })).toEqual({
      success: true,
      output: {
        ...valid,
        ...campaign,
        utmMedium: 'cpc',
        utmCampaign: 'injury-2026',
        language: 'en',
      },
    })
    const result = validateSubmission({ ...valid, utmCampaign: 'c'.repeat(201), utmTerm: 7 })
    expect(!result.success && result.fields).toEqual({
      utmCampaign: 'Must be at most 200 characters',
      utmTerm: 'Must be text',
    })
  })
})

describe('contact fields (DEMO_REQUEST_FIELDS)', () => {
  const valid = { ...sampleLead }

  it('asks for none by default, as docs/requirements.md#fields has it', () => {
    expect(validateDemoRequest(valid)).toEqual({ success: true, output: valid })
  })

  it('requires a field without ?, with its own message, and lets an optional one stay empty', () => {
    expect(validateDemoRequest(valid, parseFormFields('email,phone?'))).toEqual({
      success: false,
      fields: { email: formCopy.messages.email.required },
    })
    const result = validateDemoRequest(
      { ...valid, email: 'ada@lovelace.example', phone: '  ' },
      parseFormFields('email,phone?'),
    )
    expect(result).toEqual({ success: true, output: { ...valid, email: 'ada@lovelace.example' } })
  })

  it('trims the email and lower-cases its domain only; refuses what is not an address', () => {
    const email = parseFormFields('email')
    expect(validateDemoRequest({ ...valid, email: ' Ada.L@Lovelace.EXAMPLE ' }, email)).toEqual({
      success: true,
      output: { ...valid, email: 'Ada.L@lovelace.example' },
    })
    for (const bad of ['ada', 'ada@', 'ada@localhost', 'a da@x.example', 'ada@x.example\nBcc:']) {
      expect(validateDemoRequest({ ...valid, email: bad }, email)).toEqual({
        success: false,
        fields: { email: formCopy.messages.email.invalid },
      })
    }
    const long = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`
    expect(long).toHaveLength(255)
    expect(validateDemoRequest({ ...valid, email: long }, email)).toEqual({
      success: false,
      fields: { email: formCopy.messages.email.tooLong },
    })
  })

  it('takes a phone number as typed, with 7 to 15 digits and + ( ) - . and spaces', () => {
    const phone = parseFormFields('phone')
    const typed = '+44 (20) 7946-0000'
    expect(validateDemoRequest({ ...valid, phone: typed }, phone)).toEqual({
      success: true,
      output: { ...valid, phone: typed },
    })
    expect(validateDemoRequest({ ...valid, phone: '555 01' }, phone)).toEqual({
      success: false,
      fields: { phone: formCopy.messages.phone.digits },
    })
    expect(validateDemoRequest({ ...valid, phone: '1234567890123456' }, phone).success).toBe(false)
    for (const bad of ['020 7946 0000 ext 2', '44+20 7946 0000', '020/7946 0000']) {
      expect(validateDemoRequest({ ...valid, phone: bad }, phone)).toEqual({
        success: false,
        fields: { phone: formCopy.messages.phone.invalid },
      })
    }
  })

  it('checks the job title as it checks names', () => {
    const role = parseFormFields('role')
    expect(validateDemoRequest({ ...valid, role: '--' }, role)).toEqual({
      success: false,
      fields: { role: formCopy.messages.role.letterOrDigit },
    })
    expect(validateDemoRequest({ ...valid, role: 'Managing\u202EPartner' }, role)).toEqual({
      success: false,
      fields: { role: formCopy.anyField.directionControls },
    })
  })

  it('keeps the message’s line breaks, as \\n, and refuses other controls and 1,001 characters', () => {
    const message = parseFormFields('message')
    expect(
      validateDemoRequest({ ...valid, message: ' Hello\r\nWorld\u2028\tok ' }, message),
    ).toEqual({ success: true, output: { ...valid, message: 'Hello\nWorld\n ok' } })
    expect(validateDemoRequest({ ...valid, message: 'Hi\u0007' }, message)).toEqual({
      success: false,
      fields: { message: formCopy.anyField.controlCharacters },
    })
    expect(validateDemoRequest({ ...valid, message: 'm'.repeat(1001) }, message)).toEqual({
      success: false,
      fields: { message: formCopy.messages.message.tooLong },
    })
  })

  it('refuses, in a submission, a contact field the function does not collect', () => {
    const result = validateSubmission(
      { ...valid, phone: '+1 212 555 0100' },
      parseFormFields('email?'),
    )
    expect(result).toEqual({
      success: false,
      fields: {
        phone: expect.stringMatching(/does not collect phone: list it in DEMO_REQUEST_FIELDS/),
      },
    })
    // Keys outside the catalogue are still dropped, as before.
    expect(validateSubmission({ ...valid, fax: '1' }).success).toBe(true)
  })

  it("words a field not collected for the visitor in the form's language; the reply alone tells the developer", async () => {
    const copies = await allCopies()
    for (const copy of Object.values(copies)) {
      const words = visitorMessage('phone', 'notCollected', copy)
      expect(words).toBe(copy.anyField.notCollected)
      expect(words).not.toMatch(/DEMO_REQUEST_FIELDS|collect phone/)
    }
    expect(copies.es.anyField.notCollected).not.toBe(copies.en.anyField.notCollected)
    // The function's reply, which the form only logs, keeps telling the developer.
    expect(fieldMessage('phone', 'notCollected')).toMatch(/list it in DEMO_REQUEST_FIELDS/)
  })
})
