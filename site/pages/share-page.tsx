import { useEffect, useState } from 'react'
import '../console/console.css'
import { openSharedFunnel } from '../console/share/open-shared-funnel.ts'
import { sharePage } from '../console/share/share-meta.ts'
import { SharedFunnelApp, SharedFunnelScreen } from '../console/share/shared-funnel.tsx'
import { usePageMeta } from '../use-page-meta.ts'

/**
 * `/share#<token>`, a share link's page, in a chunk of its own. Prerendered as "opening": the
 * token is only in the browser's address, after `#`, which is never sent to the site's host.
 * Nothing is kept on the device: no cookie, no storage, no Supabase client.
 */
export function SharePage() {
  usePageMeta(sharePage)
  const [hash, setHash] = useState<string | null>(null)
  // After hydration, so the first render is the prerendered page.
  useEffect(() => setHash(location.hash), [])
  return hash === null ? (
    <SharedFunnelScreen state={{ name: 'opening' }} />
  ) : (
    <SharedFunnelApp hash={hash} open={openSharedFunnel} />
  )
}
