import { describe, expect, it } from 'vitest'
import { matchOwnerRule, parseOwnerRules } from './owner-rules.ts'

describe('LEAD_OWNER_RULES', () => {
  const rules = parseOwnerRules(
    JSON.stringify([
      { when: { source: ['partner-acme'] }, owner: 'dana@firm.example' },
      { when: { companySize: ['200+ employees'] }, owner: ' eli@firm.example ' },
    ]),
  )

  it('gives a lead the owner of the first rule it meets, and none when it meets none', () => {
    expect(matchOwnerRule(rules, { source: 'Partner-ACME', companySize: '200+ employees' })).toBe(
      'dana@firm.example',
    )
    expect(matchOwnerRule(rules, { source: 'site', companySize: '200+ employees' })).toBe(
      'eli@firm.example',
    )
    expect(matchOwnerRule(rules, { source: 'site', companySize: '1-5 employees' })).toBeNull()
    expect(parseOwnerRules(undefined)).toEqual([])
    expect(parseOwnerRules(' ')).toEqual([])
  })

  it.each([
    ['{', /LEAD_OWNER_RULES: not valid JSON/],
    ['{}', /must be a JSON list/],
    ['[{"when":{}}]', /rule 1 "owner" must be the email/],
    ['[{"owner":"a@b.example","book":"x"}]', /unknown key "book"/],
    [
      '[{"owner":"a@b.example","when":{"colour":["red"]}}]',
      /LEAD_OWNER_RULES: rule 1 names "colour"/,
    ],
    [
      '[{"owner":"a@b.example","when":{"companySize":["huge"]}}]',
      /LEAD_OWNER_RULES: rule 1 "companySize" lists "huge"/,
    ],
  ])('refuses %s, naming the setting and the rule', (value, message) => {
    expect(() => parseOwnerRules(value)).toThrow(message)
  })
})
