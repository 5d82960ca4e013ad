import { describe, expect, it } from 'vitest'
import { parseFormFields } from '#core/contact-fields.ts'
import { prefillValues } from './prefill-values.ts'

describe('prefillValues', () => {
  it('cleans names as the schema does and cuts them to their limits', () => {
    expect(
      prefillValues({
        firstName: ' Ada\u200B ',
        lastName: 'Lovelace\u00AD',
        companyName: `\u{1F600}${'x'.repeat(198)}\u{1F600}`,
      }),
    ).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: `\u{1F600}${'x'.repeat(198)}`,
    })
  })

  it('takes any of the four, an empty string to empty one, and skips undefined', () => {
    expect(prefillValues({ companySize: '200+ employees', lastName: undefined })).toEqual({
      companySize: '200+ employees',
    })
    expect(prefillValues({ companySize: '', firstName: '' })).toEqual({
      companySize: '',
      firstName: '',
    })
  })

  it('throws, naming the mistake, for a size not offered, an unknown field or a non-string', () => {
    expect(() => prefillValues({ companySize: '5000+' })).toThrow(RangeError)
    expect(() => prefillValues({ companySize: '5000+' })).toThrow(/"1-5 employees".*got "5000\+"/)
    expect(() => prefillValues({ email: 'a@b.example' })).toThrow(TypeError)
    expect(() => prefillValues({ firstName: 7 })).toThrow(/firstName must be a string/)
    for (const input of [null, 'Ada', [], undefined]) {
      expect(() => prefillValues(input)).toThrow(TypeError)
    }
  })
})

describe('prefillValues with contact fields', () => {
  const fields = parseFormFields('email,message?')

  it('takes the form’s contact fields, cleaned and cut, and keeps a message’s lines', () => {
    expect(
      prefillValues({ email: ' ada@lovelace.example\u200B', message: 'a\nb' }, fields),
    ).toEqual({
      email: 'ada@lovelace.example',
      message: 'a\nb',
    })
    expect(prefillValues({ message: 'm'.repeat(1200) }, fields).message).toHaveLength(1000)
  })

  it('refuses a contact field the form lacks, naming the ones it has', () => {
    expect(() => prefillValues({ phone: '+1 212 555 0100' }, fields)).toThrow(
      'prefill() takes { firstName, lastName, companyName, companySize, email, message }; "phone" is not one of them',
    )
  })
})
