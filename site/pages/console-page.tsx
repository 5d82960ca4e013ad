import { useEffect, useState } from 'react'
import { browserConsoleDeps } from '../console/browser-console-deps.ts'
import { ConsoleApp, ConsoleChecking } from '../console/console-app.tsx'
import type { ConsoleDeps } from '../console/console-deps.ts'
import { consolePage } from '../console/console-meta.ts'
import '../console/console.css'
import { usePageMeta } from '../use-page-meta.ts'

/**
 * `/console`, the staff console, in chunks of its own. Prerendered as the shell that checks for a
 * session: who is signed in is only known in the browser, so no staff data is ever in the HTML.
 */
export function ConsolePage() {
  usePageMeta(consolePage)
  const [deps, setDeps] = useState<ConsoleDeps | null>(null)
  // After hydration, so the first render is the prerendered shell and supabase-js, which reads
  // localStorage, never runs on the server.
  useEffect(() => setDeps(browserConsoleDeps()), [])
  return deps ? <ConsoleApp deps={deps} /> : <ConsoleChecking />
}
