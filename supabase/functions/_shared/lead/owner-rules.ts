import { isRecord } from '#core/is-record.ts'
import { matchesWhen, parseWhen, type RouteCondition, type RouteLead } from '../booking/routes.ts'

/** The setting's name, as every message about it spells it. */
const ownerRulesSetting = 'LEAD_OWNER_RULES'

/** One rule: the leads it takes (`when`, as DEMO_REQUEST_ROUTES writes it) and whose they are. */
export interface OwnerRule {
  when: RouteCondition
  /** The email of a person of the staff (owner or sales); leads go in turn when none is. */
  owner: string
}

function fail(problem: string): never {
  throw new Error(`${ownerRulesSetting}: ${problem}`)
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * LEAD_OWNER_RULES: a JSON list of `{ "when": {…}, "owner": "email" }`, first match first.
 * Unset or empty is none: every lead goes in turn. A bad list stops the function at start, as a
 * bad DEMO_REQUEST_ROUTES does. Whether the email is on the staff is the database's to say, as
 * each lead arrives: the staff change without a deploy.
 */
export function parseOwnerRules(value: string | undefined): OwnerRule[] {
  if (value === undefined || value.trim() === '') return []
  let rules: unknown
  try {
    rules = JSON.parse(value)
  } catch (error) {
    fail(`not valid JSON (${error instanceof Error ? error.message : String(error)})`)
  }
  if (!Array.isArray(rules)) fail('must be a JSON list of rules')
  return rules.map((rule, index) => {
    const where = `rule ${index + 1}`
    if (!isRecord(rule)) fail(`${where} must be an object`)
    for (const key of Object.keys(rule)) {
      if (key !== 'when' && key !== 'owner')
        fail(`${where} has an unknown key "${key}" (when, owner)`)
    }
    const { owner } = rule
    if (typeof owner !== 'string' || !emailPattern.test(owner.trim())) {
      fail(`${where} "owner" must be the email of a person of the staff`)
    }
    return { when: parseWhen(rule.when, where, fail), owner: owner.trim() }
  })
}

/** The owner's email of the first rule the lead meets, or null: the lead then goes in turn. */
export function matchOwnerRule(rules: readonly OwnerRule[], lead: RouteLead): string | null {
  return rules.find((rule) => matchesWhen(rule.when, lead))?.owner ?? null
}
