import { describe, expect, it } from 'vitest'
import { rolesWithPersonalData, staffRoles } from '#core/console-api.ts'
import { chosenView, viewsFor } from './console-views.ts'

describe("a role's views", () => {
  it('gives the leads view to the roles that read personal data, and to no other', () => {
    for (const role of staffRoles) {
      expect(viewsFor(role).includes('leads'), role).toBe(rolesWithPersonalData.includes(role))
    }
  })

  it('gives the audit trail, people and integrations to the owner alone, share links to marketing too', () => {
    expect(viewsFor('owner')).toEqual([
      'leads',
      'funnel',
      'share',
      'audit',
      'people',
      'integrations',
    ])
    expect(viewsFor('sales')).toEqual(['leads', 'funnel'])
    expect(viewsFor('marketing')).toEqual(['funnel', 'share'])
    expect(viewsFor('partner')).toEqual(['funnel'])
  })

  it("lands on the role's first view when the address asks for one it lacks", () => {
    expect(chosenView('partner', 'leads')).toBe('funnel')
    expect(chosenView('sales', 'audit')).toBe('leads')
    expect(chosenView('owner', 'people')).toBe('people')
    expect(chosenView('sales', 'integrations')).toBe('leads')
    expect(chosenView('marketing', null)).toBe('funnel')
  })
})
