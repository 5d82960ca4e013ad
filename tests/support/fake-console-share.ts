// The share links the fake console API starts with, and what it does with new ones, as the
// console function and its database do: owner and marketing only, marketing its own links.
import * as v from 'valibot'
import type { ShareLink, ShareLinkMade, StaffMe } from '#core/console-api.ts'
import { type ShareLinkRequest, shareLinkRequestSchema } from '#core/share-link-request.ts'
import { ConsoleApiError } from '../../site/console/console-api-error.ts'

const dayMs = 86_400_000

/** Three links made before `now`: one live and opened, one revoked, one of fixed days. */
function startingLinks(now: number): ShareLink[] {
  const at = (days: number) => new Date(now + days * dayMs).toISOString()
  return [
    {
      id: 'link-partner-review',
      createdBy: 'marketing@firm.example',
      createdAt: at(-3),
      sources: ['partner-acme'],
      days: 30,
      from: null,
      to: null,
      expiresAt: at(27),
      revokedAt: null,
      openings: 12,
      lastOpenedAt: at(-0.2),
    },
    {
      id: 'link-board',
      createdBy: 'owner@firm.example',
      createdAt: at(-20),
      sources: [],
      days: null,
      from: '2026-10-01',
      to: '2026-10-31',
      expiresAt: null,
      revokedAt: at(-2),
      openings: 3,
      lastOpenedAt: at(-5),
    },
    {
      id: 'link-agency',
      createdBy: 'owner@firm.example',
      createdAt: at(-40),
      sources: ['site', 'partner-globex'],
      days: 90,
      from: null,
      to: null,
      expiresAt: at(-10),
      revokedAt: null,
      openings: 0,
      lastOpenedAt: null,
    },
  ]
}

const refused = () =>
  new ConsoleApiError(403, {
    code: 'forbidden',
    message: 'Only the owner and marketing share the funnel.',
  })

/** The fake's share links for `me`, dated back from `now`. */
export function fakeShareLinks(me: StaffMe, now: number) {
  const links = startingLinks(now)
  const mayShare = me.role === 'owner' || me.role === 'marketing'
  const visible = () => links.filter((link) => me.role === 'owner' || link.createdBy === me.email)
  return {
    list(): ShareLink[] {
      if (!mayShare) throw refused()
      return visible().map((link) => ({ ...link }))
    },
    make(asked: ShareLinkRequest): ShareLinkMade {
      if (!mayShare) throw refused()
      const checked = v.safeParse(shareLinkRequestSchema, asked)
      if (!checked.success) {
        throw new ConsoleApiError(400, { code: 'invalid', message: checked.issues[0].message })
      }
      const request = checked.output
      const link: ShareLink = {
        id: `link-${links.length}`,
        createdBy: me.email,
        createdAt: new Date(now).toISOString(),
        sources: request.sources,
        days: request.days,
        from: request.from,
        to: request.to,
        expiresAt:
          request.expiresInDays === null
            ? null
            : new Date(now + request.expiresInDays * dayMs).toISOString(),
        revokedAt: null,
        openings: 0,
        lastOpenedAt: null,
      }
      links.unshift(link)
      return { link, token: `${'T'.repeat(42)}${links.length % 10}` }
    },
    revoke(id: string): string {
      if (!mayShare) throw refused()
      const link = visible().find((each) => each.id === id && each.revokedAt === null)
      if (!link) {
        throw new ConsoleApiError(404, {
          code: 'not_found',
          message: 'You have no live link with that id (it may be revoked already).',
        })
      }
      link.revokedAt = new Date(now).toISOString()
      return id
    },
  }
}
