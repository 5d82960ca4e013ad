import type { Meta } from '@storybook/react-vite'
import { useMemo } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { StaffMe, StaffRole } from '#core/console-api.ts'
import consoleStyles from '../site/console/console.css?inline'
import { ConsoleApp } from '../site/console/console-app.tsx'
import type { ConsoleDeps } from '../site/console/console-deps.ts'
import { type FakeApiOptions, fakeConsoleApi } from '../tests/support/fake-console-api.ts'
import { type FakeAuthOptions, fakeConsoleAuth } from '../tests/support/fake-console-auth.ts'
import { withSiteStyles } from './site-decorators.tsx'

/** The fakes a console story runs on, and the address's history, as a play reaches them. */
export interface ConsoleFake {
  api: ReturnType<typeof fakeConsoleApi>
  auth: ReturnType<typeof fakeConsoleAuth>
  history: string[]
}

/** What a console story shows: who is signed in (if anyone), the address, the API's answers. */
export interface ConsoleStoryProps {
  role?: StaffRole
  /** The address the console opens at, `/console?…`. */
  path?: string
  leads?: number
  failure?: FakeApiOptions['failure']
  /** What the funnel counted; the fake's `busy` year when unset. */
  funnel?: FakeApiOptions['funnel']
  /** The destinations' states; the fake's `healthy` when unset. */
  integrations?: FakeApiOptions['integrations']
  /** Booked meetings held a day ago, with each lead's outcome; still to come when unset. */
  meetingsHeld?: FakeApiOptions['meetingsHeld']
  /** The person's emailed report; none when unset. */
  report?: FakeApiOptions['report']
  auth?: FakeAuthOptions
  /** Handed the fake API once made, and the address's history, for a play to act and read. */
  onFake?: (fake: ConsoleFake) => void
  /** The width of the page around the console, in CSS pixels; the story's frame when unset. */
  width?: number
}

/** Every console story's frame, beside its title and component: the whole page, site-styled. */
export const consoleStoryFrame = {
  decorators: [withSiteStyles],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConsoleStory>

/** A holder the story's console hands its fake to, for the play to reach. */
export function fakeHolder() {
  const holder: { fake?: ConsoleFake } = {}
  return {
    onFake: (fake: ConsoleFake) => {
      holder.fake = fake
    },
    fake: () => {
      if (!holder.fake) throw new Error('The console made no API')
      return holder.fake
    },
  }
}

const staffOf: Record<StaffRole, StaffMe> = {
  owner: { userId: 'u-owner', email: 'owner@firm.example', role: 'owner', sources: [] },
  sales: { userId: 'u-sales', email: 'sales@firm.example', role: 'sales', sources: [] },
  marketing: {
    userId: 'u-marketing',
    email: 'marketing@firm.example',
    role: 'marketing',
    sources: [],
  },
  partner: {
    userId: 'u-partner',
    email: 'acme@partner.example',
    role: 'partner',
    sources: ['partner-acme'],
  },
}

/** The console with a fake Supabase Auth and API, at `path`, inside a router of its own. */
export function ConsoleStory({
  role,
  path = '/console',
  leads = 0,
  failure,
  funnel,
  integrations,
  meetingsHeld,
  report,
  auth,
  width,
  onFake,
}: ConsoleStoryProps) {
  const { deps, location } = useMemo(() => {
    const location = memoryLocation({ path, record: true })
    const me = staffOf[role ?? 'sales']
    const fakeAuth = fakeConsoleAuth({ ...(role ? { signedInAs: me.email } : {}), ...auth })
    const href = { current: new URL(path, 'https://firm.example').href }
    const deps: ConsoleDeps = {
      auth: fakeAuth,
      createApi: (onSignedOut) => {
        // As the real client: a 401 ends the session first, then says why.
        const signOutThenSay = (message: string) =>
          void fakeAuth.signOut({ scope: 'local' }).then(() => onSignedOut(message))
        const api = fakeConsoleApi({
          me,
          leads,
          failure,
          funnel,
          integrations,
          meetingsHeld,
          report,
          onSignedOut: signOutThenSay,
        })
        onFake?.({ api, auth: fakeAuth, history: location.history })
        return api
      },
      redirectTo: 'https://firm.example/console',
      href: () => href.current,
      replaceUrl: (url) => {
        href.current = new URL(url, href.current).href
      },
    }
    return { deps, location }
  }, [role, path, leads, failure, funnel, integrations, report, meetingsHeld, auth, onFake])
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <style>{consoleStyles}</style>
      <div style={width ? { width, overflowX: 'auto' } : undefined} data-console-page>
        <ConsoleApp deps={deps} />
      </div>
    </Router>
  )
}
