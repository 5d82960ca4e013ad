import { useQuery } from '@tanstack/react-query'
import { type ComponentType, useEffect, useRef } from 'react'
import { Link, useLocation } from 'wouter'
import type { StaffMe } from '#core/console-api.ts'
import { AuditView } from './audit/audit-view.tsx'
import { consoleCopy } from './console-copy.ts'
import { useConsoleApi, useConsoleDeps } from './console-deps.ts'
import { ConsoleFrame } from './console-frame.tsx'
import { type ConsoleView, chosenView, viewsFor } from './console-views.ts'
import { FunnelView } from './funnel/funnel-view.tsx'
import { IntegrationsView } from './integrations/integrations-view.tsx'
import { meQuery, rememberRole } from './leads/landing-queries.ts'
import { LeadsView } from './leads/leads-view.tsx'
import { PeopleView } from './people/people-view.tsx'
import { Failed, Loading } from './query-status.tsx'
import { ShareLinksView } from './share/share-links-view.tsx'
import { useConsoleQuery } from './use-console-query.ts'
import { useFocusOnChange } from './use-focus-on-change.ts'

const viewComponents: Record<ConsoleView, ComponentType> = {
  leads: LeadsView,
  funnel: FunnelView,
  audit: AuditView,
  people: PeopleView,
  integrations: IntegrationsView,
  share: ShareLinksView,
}

/** The signed-in console: who is signed in, the views of their role, and the one chosen. */
export function ConsoleShell() {
  const api = useConsoleApi()
  const { auth } = useConsoleDeps()
  // The first call of a session is its sign-in on the audit trail (GET /me).
  const me = useQuery(meQuery(api))
  // Sign out is offered before /me answers, and when it fails: a person is never stuck signed in.
  return (
    <ConsoleFrame person={me.data} onSignOut={() => void auth.signOut()}>
      {me.isPending ? (
        <Loading />
      ) : me.isError ? (
        <Failed error={me.error} retry={() => me.refetch()} />
      ) : (
        <SignedIn me={me.data} />
      )}
    </ConsoleFrame>
  )
}

function SignedIn({ me }: { me: StaffMe }) {
  const { roleMemory } = useConsoleDeps()
  useEffect(() => rememberRole(roleMemory, me.role), [roleMemory, me.role])
  const [query] = useConsoleQuery()
  const [path] = useLocation()
  const view = chosenView(me.role, query.get('view'))
  const heading = useRef<HTMLHeadingElement>(null)
  // Just signed in, the person starts at the console's heading; then at each view's.
  useFocusOnChange(heading, view, true)
  const View = viewComponents[view]
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="console-title">
        {consoleCopy.title}: {consoleCopy.views[view]}
      </h1>
      {viewsFor(me.role).length > 1 && (
        <nav className="console-nav" aria-label={consoleCopy.nav}>
          <ul>
            {viewsFor(me.role).map((each) => (
              <li key={each}>
                <Link
                  href={`${path}?view=${each}`}
                  aria-current={each === view ? 'page' : undefined}
                >
                  {consoleCopy.views[each]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <View />
    </>
  )
}
