import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { consoleCopy } from './console-copy.ts'
import { ConsoleApiContext, type ConsoleDeps, ConsoleDepsContext } from './console-deps.ts'
import { ConsoleFrame } from './console-frame.tsx'
import { ConsoleShell } from './console-shell.tsx'
import { askLanding } from './leads/landing-queries.ts'
import { acceptSignInLink } from './sign-in/accept-sign-in-link.ts'
import { SignInScreen } from './sign-in/sign-in-screen.tsx'

type Stage =
  | { name: 'checking'; followingLink: boolean }
  | { name: 'signedOut'; notice: string | null }
  | { name: 'signedIn' }

/**
 * The console: whether someone is signed in (from a link in the address, or the session kept in
 * localStorage), then the sign-in screen or the views their role has. The server renders the
 * `checking` shell alone, without anyone's data.
 */
export function ConsoleApp({ deps }: { deps: ConsoleDeps }) {
  const [stage, setStage] = useState<Stage>({ name: 'checking', followingLink: false })
  const queries = useMemo(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    [],
  )
  const api = useMemo(
    () =>
      deps.createApi((notice) => {
        // Another person may sign in next on this browser: nothing of this one's stays.
        queries.clear()
        setStage({ name: 'signedOut', notice })
      }),
    [deps, queries],
  )

  useEffect(() => {
    let live = true
    const { data } = deps.auth.onAuthStateChange((event, session) => {
      if (!live) return
      if (event === 'SIGNED_OUT') {
        queries.clear()
        setStage((now) => (now.name === 'signedOut' ? now : { name: 'signedOut', notice: null }))
      } else if (session && event === 'SIGNED_IN') setStage({ name: 'signedIn' })
    })
    void (async () => {
      if (new URL(deps.href()).searchParams.has('token_hash')) {
        setStage({ name: 'checking', followingLink: true })
      }
      const link = await acceptSignInLink(deps.auth, deps.href(), deps.replaceUrl)
      const { data: current } = await deps.auth.getSession()
      if (!live) return
      if (link.followed && link.problem) setStage({ name: 'signedOut', notice: link.problem })
      else if (!current.session) setStage({ name: 'signedOut', notice: null })
      else {
        askLanding(queries, api, deps.href(), deps.roleMemory)
        setStage({ name: 'signedIn' })
      }
    })()
    return () => {
      live = false
      data.subscription.unsubscribe()
    }
  }, [deps, queries, api])

  if (stage.name === 'checking') return <ConsoleChecking followingLink={stage.followingLink} />
  return (
    <QueryClientProvider client={queries}>
      <ConsoleDepsContext value={deps}>
        {stage.name === 'signedOut' ? (
          <ConsoleFrame>
            <SignInScreen key={stage.notice ?? ''} notice={stage.notice} />
          </ConsoleFrame>
        ) : (
          <ConsoleApiContext value={api}>
            <ConsoleShell />
          </ConsoleApiContext>
        )}
      </ConsoleDepsContext>
    </QueryClientProvider>
  )
}

/** The console before it knows who is signed in; also its prerendered HTML. */
export function ConsoleChecking({ followingLink = false }: { followingLink?: boolean }) {
  return (
    <ConsoleFrame>
      <p className="console-status" role="status">
        {followingLink ? consoleCopy.signIn.verifyingLink : consoleCopy.checkingSession}
      </p>
    </ConsoleFrame>
  )
}
