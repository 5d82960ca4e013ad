// Share links, on PGlite and PostgreSQL 15: the owner or marketing makes a read-only link to a
// funnel view, which anyone holding it opens without signing in, counts only; each opening is on
// the trail; a revoked or expired link answers 410; partners and sales make none, and the
// database, not the handler, refuses them.
import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FunnelReport, SharedFunnel, ShareLink, ShareLinkMade } from '#core/console-api.ts'
import { shareTokenPattern } from '#core/share-link-request.ts'
import { type ConsolePerson, consoleStaff, queryAs } from '../support/console-staff.ts'
import { countViews } from '../support/funnel-views.ts'
import { insertLead } from '../support/insert-lead.ts'
import { sampleContact, sampleNewDemoRequest } from '../support/sample-lead.ts'
import { staffedDatabase } from '../support/staffed-database.ts'
import { testDatabases } from '../support/test-database.ts'

const today = new Date().toISOString().slice(0, 10)
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe.each(testDatabases)('share links on $name', (database) => {
  const { skip } = database
  const file = staffedDatabase(database)

  beforeAll(async () => {
    if (skip) return
    for (const source of ['partner-acme', 'partner-other']) {
      await countViews(file.db, today, { source, page: `https://${source}.example/` })
    }
    // A lead with every personal field, to look for in what a link shows.
    await insertLead(file.db, {
      ...sampleNewDemoRequest,
      ...sampleContact,
      source: 'partner-acme',
      pageUrl: 'https://partner-acme.example/',
    })
  })

  const make = (person: ConsolePerson, body: unknown) =>
    file.console(person, 'share-links', { method: 'POST', body })
  const made = async (person: ConsolePerson, body: unknown) => {
    const reply = await make(person, body)
    expect(reply.status).toBe(200)
    return (await reply.json()) as ShareLinkMade
  }
  const openLink = (token: string) =>
    file.console(null, 'shared', { method: 'POST', body: { token } })
  const listed = async (person: ConsolePerson) =>
    (await (await file.console(person, 'share-links')).json()) as ShareLink[]

  it.skipIf(skip)(
    'shows a link to its funnel without sign-in, counts only, each opening on the trail',
    async () => {
      const { link, token } = await made('marketing', {
        days: 30,
        sources: ['partner-acme'],
        expiresInDays: 7,
      })
      expect(token).toMatch(shareTokenPattern)
      expect(link).toMatchObject({ createdBy: consoleStaff.marketing.email, openings: 0 })
      // Only the token's hash is kept.
      const [row] = await file.db.query<Record<string, unknown>>(
        'select * from public.console_share_links where id = $1',
        [link.id],
      )
      expect(row?.token_hash).toBe(sha256(token))
      expect(JSON.stringify(row)).not.toContain(token)

      const first = await openLink(token)
      expect(first.status).toBe(200)
      const text = await first.text()
      const shared = JSON.parse(text) as SharedFunnel
      // The numbers are the console's for the same view, through the same report.
      const asked = `funnel?from=${shared.report.from}&to=${shared.report.to}&source=partner-acme`
      const console = (await (await file.console('marketing', asked)).json()) as FunnelReport
      expect(shared.report).toEqual(console)
      expect(shared.report.totals).toMatchObject({ views: 1, sent: 1 })
      expect(shared.report.sources).toEqual(['partner-acme'])
      expect(shared.expiresAt).toBe(link.expiresAt)
      for (const personal of [
        sampleContact.email,
        sampleContact.phone,
        'Lovelace',
        'Ada',
        'Managing Partner',
        consoleStaff.marketing.email,
      ]) {
        expect(text).not.toContain(personal)
      }
      expect((await openLink(token)).status).toBe(200)

      // The owner lists every link, with its openings; the trail has each, as the link's.
      const [listedLink] = (await listed('owner')).filter((each) => each.id === link.id)
      expect(listedLink).toMatchObject({ openings: 2, sources: ['partner-acme'], days: 30 })
      expect(listedLink?.lastOpenedAt).not.toBeNull()
      const openings = await file.db.query<{ actor_email: string; detail: unknown }>(
        "select actor_email, detail from public.console_audit where action = 'open_share_link' and detail ->> 'link' = $1",
        [link.id],
      )
      expect(openings).toHaveLength(2)
      expect(openings[0]?.actor_email).toBe('a shared link')
      expect(JSON.stringify(openings)).not.toMatch(/ada@|Lovelace|mkt@/)
    },
  )

  it.skipIf(skip)('lets the owner and marketing make links, and nobody else', async () => {
    const view = { days: 7, sources: [], expiresInDays: null }
    expect((await make('owner', view)).status).toBe(200)
    for (const person of ['partner', 'sales'] as const) {
      const reply = await make(person, view)
      expect(reply.status).toBe(403)
      expect((await reply.json()).error.message).toMatch(/owner and marketing/)
      expect((await file.console(person, 'share-links')).status).toBe(403)
    }
    // The database refuses them, whatever the code in front does.
    const create = `select public.console_share_create('${'a'.repeat(64)}', '{}', 7, null, null, null)`
    expect(await queryAs(file.db, 'partner', create)).toBe('42501')
    expect(await queryAs(file.db, 'sales', create)).toBe('42501')
    // Nor can the Data API's roles open links or read their funnel past the function.
    const opened = `select * from public.console_share_open('${'a'.repeat(64)}', 'UTC')`
    expect(await queryAs(file.db, 'anon', opened)).toBe('42501')
    expect(await queryAs(file.db, 'owner', opened, [], 'authenticated')).toBe('42501')
    expect(await queryAs(file.db, 'service_role', opened)).toBe('42501')
    // A bad view is refused, saying why.
    const bad = await make('owner', { days: null, from: '2026-03-02', to: '2026-03-01' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.message).toMatch(/from not after to/)
  })

  it.skipIf(skip)('answers 410 once a link is revoked or expired, 404 for none', async () => {
    const fixed = { days: null, from: '2026-01-01', to: '2026-01-31', sources: [] }
    const owners = await made('owner', { ...fixed, expiresInDays: 30 })
    expect((await openLink(owners.token)).status).toBe(200)
    // Marketing revokes its own links only; the owner any.
    const byMarketing = await file.console('marketing', `share-links/${owners.link.id}`, {
      method: 'DELETE',
    })
    expect(byMarketing.status).toBe(404)
    const revoked = await file.console('owner', `share-links/${owners.link.id}`, {
      method: 'DELETE',
    })
    expect(revoked.status).toBe(204)
    const gone = await openLink(owners.token)
    expect(gone.status).toBe(410)
    expect(await gone.json()).toMatchObject({ error: { code: 'gone', message: /revoked/ } })
    const [shown] = (await listed('owner')).filter((each) => each.id === owners.link.id)
    expect(shown).toMatchObject({ openings: 1, from: '2026-01-01', to: '2026-01-31' })
    expect(shown?.revokedAt).not.toBeNull()

    // Expired: its expiry passed (moved back here, as the clock would).
    const marketing = await made('marketing', { ...fixed, expiresInDays: 1 })
    await file.db.query(
      "update public.console_share_links set expires_at = now() - interval '1 second' where id = $1",
      [marketing.link.id],
    )
    const expired = await openLink(marketing.token)
    expect(expired.status).toBe(410)
    expect((await expired.json()).error.message).toMatch(/expired/)

    // A maker who may no longer share: their links stop with their role.
    const another = await made('marketing', { ...fixed, expiresInDays: null })
    await file.db.query("update public.console_staff set role = 'sales' where user_id = $1", [
      consoleStaff.marketing.userId,
    ])
    expect((await openLink(another.token)).status).toBe(410)
    await file.db.query("update public.console_staff set role = 'marketing' where user_id = $1", [
      consoleStaff.marketing.userId,
    ])
    expect((await openLink(another.token)).status).toBe(200)

    expect((await openLink('x'.repeat(43))).status).toBe(404)
    expect((await openLink('short')).status).toBe(404)
    const trail = await file.db.query(
      "select 1 from public.console_audit where action = 'open_share_link' and detail ->> 'link' = $1",
      [owners.link.id],
    )
    expect(trail).toHaveLength(1)
  })
})
