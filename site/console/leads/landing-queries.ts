import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { type LeadFilter, type StaffRole, staffRoles } from '#core/console-api.ts'
import type { ConsoleApi } from '../console-api-port.ts'
import { viewsFor } from '../console-views.ts'
import { filterFromQuery } from './lead-filter-query.ts'

/** Who is signed in (GET /me, the session's sign-in on the audit trail), asked once a session. */
export const meQuery = (api: ConsoleApi) =>
  queryOptions({
    queryKey: ['me'],
    queryFn: () => api.me(),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** One page of the leads under `filter`, older than the cursor `before`. */
export const leadsQuery = (api: ConsoleApi, filter: LeadFilter, before: string | null) =>
  queryOptions({
    queryKey: ['leads', filter, before],
    queryFn: () => api.leads(filter, before),
  })

// The list asks again when it mounts, except for an answer this recent: the landing's, asked
// beside /me, would otherwise be asked twice as the page opens.
const landingAnswerMs = 2_000

/** Whether a list mounting on `dataUpdatedAt`'s answer asks the server again. */
export const refetchListOnMount = ({ state }: { state: { dataUpdatedAt: number } }) =>
  Date.now() - state.dataUpdatedAt > landingAnswerMs

type RoleMemory = Pick<Storage, 'getItem' | 'setItem'> | undefined
const roleKey = 'demo-request-console-role'

// Storage a browser refuses (privacy settings) only costs the next visit its early list.
function recalled(memory: RoleMemory): StaffRole | null {
  try {
    const role = memory?.getItem(roleKey)
    return staffRoles.find((each) => each === role) ?? null
  } catch {
    return null
  }
}

/** Notes the role signed in on this device, for the next visit's {@link askLanding}. */
export function rememberRole(memory: RoleMemory, role: StaffRole): void {
  try {
    memory?.setItem(roleKey, role)
  } catch {}
}

/**
 * Asks what the signed-in page will show first, all at once, as soon as a session is known:
 * /me and, where the address lands on the leads list, its first page. The list would otherwise
 * wait for /me's answer and the shell's render. Only the roles with the list ask for it: the
 * one noted on this device's last visit, or, with none noted, as if it had the list (another
 * role's /leads is refused 403, its reason unused, and that role's views never ask).
 */
export function askLanding(
  queries: QueryClient,
  api: ConsoleApi,
  href: string,
  memory?: RoleMemory,
): void {
  const query = new URL(href).searchParams
  void queries.prefetchQuery(meQuery(api))
  const view = query.get('view')
  const role = recalled(memory)
  const hasList = role === null || viewsFor(role).includes('leads')
  if (hasList && (view === null || view === 'leads') && !query.has('lead')) {
    void queries.prefetchQuery(leadsQuery(api, filterFromQuery(query), null))
  }
}
