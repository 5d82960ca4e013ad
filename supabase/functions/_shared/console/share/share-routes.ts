import type { SharedFunnel, ShareLink, ShareLinkMade } from '#core/console-api.ts'
import type { ShareLinkRequest } from '#core/share-link-request.ts'
import { shareTokenPattern } from '#core/share-link-request.ts'
import { funnelReportOf, readFunnelRows } from '../../analytics/funnel-report.ts'
import type { SqlDatabase } from '../../db/sql-database.ts'
import { toDate } from '../../db/sql-role.ts'
import type { ConsoleContext } from '../console-context.ts'
import { ConsoleRefusal, notFound } from '../console-reply.ts'
import { isLeadId } from '../leads/lead-queries.ts'

type LinkRow = {
  id: string
  created_by_email: string
  created_at: Date | string
  sources: string[]
  days: number | null
  from_day: string | null
  to_day: string | null
  expires_at: Date | string | null
  revoked_at: Date | string | null
  openings: string | number
  last_opened_at: Date | string | null
}

const linkColumns =
  'id, created_by_email, created_at, sources, days, from_day::text as from_day, to_day::text as to_day, expires_at, revoked_at, openings, last_opened_at'

const isoOrNull = (value: Date | string | null) => (value ? toDate(value).toISOString() : null)

const linkOf = (row: LinkRow): ShareLink => ({
  id: row.id,
  createdBy: row.created_by_email,
  createdAt: toDate(row.created_at).toISOString(),
  sources: row.sources,
  days: row.days,
  from: row.from_day,
  to: row.to_day,
  expiresAt: isoOrNull(row.expires_at),
  revokedAt: isoOrNull(row.revoked_at),
  openings: Number(row.openings),
  lastOpenedAt: isoOrNull(row.last_opened_at),
})

/** A new token: 32 random bytes, base64url, as shareTokenPattern has it. */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** What the database keeps of a token and looks it up by: its SHA-256, as hex. */
async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

const dayMs = 86_400_000

/**
 * POST /share-links: a new link for the owner or marketing (the database refuses the rest), its
 * token made here and only its hash stored. The token is in this reply and nowhere else.
 */
export async function postShareLink(
  context: ConsoleContext,
  request: ShareLinkRequest,
): Promise<ShareLinkMade> {
  const token = newToken()
  const hash = await tokenHash(token)
  const expiresAt =
    request.expiresInDays === null
      ? null
      : new Date(context.now().getTime() + request.expiresInDays * dayMs).toISOString()
  const link = await context.run(async (tx) => {
    const [made] = await tx.query<{ id: string }>(
      'select public.console_share_create($1, $2, $3, $4::date, $5::date, $6::timestamptz) as id',
      [hash, request.sources, request.days, request.from, request.to, expiresAt],
    )
    const [row] = await tx.query<LinkRow>(
      `select ${linkColumns} from public.console_share_links() where id = $1`,
      [made?.id],
    )
    if (row === undefined) throw new Error('A link just made is not listed')
    return linkOf(row)
  })
  return { link, token }
}

/** GET /share-links: the owner's every link, marketing's own, newest first. */
export function getShareLinks(context: ConsoleContext): Promise<ShareLink[]> {
  return context.run(async (tx) => {
    const rows = await tx.query<LinkRow>(`select ${linkColumns} from public.console_share_links()`)
    return rows.map(linkOf)
  })
}

/** DELETE /share-links/:id: revokes it at once; from then on it answers 410. */
export async function deleteShareLink(context: ConsoleContext): Promise<Response> {
  const id = context.path[1] ?? ''
  const revoked = await context.run(async (tx) => {
    if (!isLeadId(id)) return false
    const [row] = await tx.query<{ revoked: boolean }>(
      'select public.console_share_revoke($1) as revoked',
      [id],
    )
    return row?.revoked === true
  })
  if (!revoked) throw notFound('You have no live link with that id (it may be revoked already).')
  return new Response(null, { status: 204 })
}

/** What opening a link needs: no one signed in, the firm's calendar, the campaigns' bound. */
export type SharedContext = Pick<ConsoleContext, 'salesTimeZone' | 'sourceCampaigns'> & {
  db: SqlDatabase
}

const gone: Record<string, (expiresAt: string | null) => string> = {
  revoked: () => 'This link was revoked by whoever shared it. Ask them for a new one.',
  expired: (expiresAt) =>
    `This link expired${expiresAt ? ` on ${expiresAt.slice(0, 10)}` : ''}. Ask whoever shared it for a new one.`,
  maker_gone: () =>
    'This link no longer opens: the person who made it may no longer share the funnel. Ask the firm for a new one.',
}

type OpenRow = {
  state: string
  from_day: string | null
  to_day: string | null
  sources: string[] | null
  expires_at: Date | string | null
}

/**
 * POST /shared `{ token }`, with no one signed in: the funnel of the token's link, through the
 * same report the console shows, counts only. The database counts the opening and puts it on
 * the trail; a revoked or expired link answers 410.
 */
export async function postShared(
  context: SharedContext,
  { token }: { token: string },
): Promise<SharedFunnel> {
  const unknown = notFound(
    'No link has this address: check it was copied whole, or ask whoever shared it for a new one.',
  )
  if (!shareTokenPattern.test(token)) throw unknown
  const hash = await tokenHash(token)
  const { salesTimeZone: timeZone, sourceCampaigns } = context
  // As the staff's role, which alone may call the share functions, with no one's claims.
  const opened = await context.db.transaction(async (tx) => {
    await tx.exec('set local role console_staff_role')
    const [link] = await tx.query<OpenRow>(
      'select state, from_day::text as from_day, to_day::text as to_day, sources, expires_at from public.console_share_open($1, $2)',
      [hash, timeZone],
    )
    if (link === undefined || link.state === 'unknown') return { refusal: unknown }
    const expiresAt = isoOrNull(link.expires_at)
    const reason = gone[link.state]
    if (reason) return { refusal: new ConsoleRefusal(410, 'gone', reason(expiresAt)) }
    const range = {
      from: link.from_day ?? '',
      to: link.to_day ?? '',
      timeZone,
      source: null,
      sourceCampaigns,
    }
    const rows = await readFunnelRows(tx, range, { shareTokenHash: hash })
    const sources = link.sources?.length ? link.sources : null
    return { shared: { report: funnelReportOf(rows, range, sources), expiresAt } }
  })
  // Thrown after the commit: the opening of a live link is counted, a refusal changes nothing.
  if ('refusal' in opened) throw opened.refusal
  return opened.shared
}
