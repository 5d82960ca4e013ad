import { describe, expect, it } from 'vitest'
import { formatFormFields, parseFormFields } from './contact-fields.ts'

describe('parseFormFields', () => {
  it('reads none from an unset or empty setting: the required four alone (docs/requirements.md#fields)', () => {
    expect(parseFormFields(undefined)).toEqual([])
    expect(parseFormFields(' , ')).toEqual([])
  })

  it('reads each field, optional with a trailing ?, in the catalogue’s order', () => {
    expect(parseFormFields('message?, phone? ,email')).toEqual([
      { name: 'email', required: true },
      { name: 'phone', required: false },
      { name: 'message', required: false },
    ])
  })

  it('refuses a name outside the catalogue and a field named twice, naming the setting', () => {
    expect(() => parseFormFields('email,fax')).toThrow(
      /^DEMO_REQUEST_FIELDS: "fax" is not a field the form offers; use email, phone, role, message/,
    )
    expect(() => parseFormFields('email,email?')).toThrow(
      'DEMO_REQUEST_FIELDS: "email" is named twice',
    )
  })
})

describe('formatFormFields', () => {
  it('writes equal forms as equal strings', () => {
    expect(formatFormFields(parseFormFields('role?, email'))).toBe('email,role?')
    expect(formatFormFields([])).toBe('')
  })
})
