import { useQuery } from '@tanstack/react-query'
import { useConsoleApi } from '../console-deps.ts'
import { Failed, Loading } from '../query-status.tsx'
import { ShareLinkForm } from './share-link-form.tsx'
import { ShareLinkList } from './share-link-list.tsx'

/**
 * Share links (owner and marketing): make a read-only link to a view of the funnel, and the
 * links made so far, to revoke. The database decides who may, and whose links each sees.
 */
export function ShareLinksView({ now = new Date() }: { now?: Date }) {
  const api = useConsoleApi()
  const links = useQuery({ queryKey: ['share-links'], queryFn: () => api.shareLinks() })
  return (
    <>
      <ShareLinkForm />
      {links.isPending ? (
        <Loading />
      ) : links.isError ? (
        <Failed error={links.error} retry={() => links.refetch()} />
      ) : (
        <ShareLinkList links={links.data} now={now} />
      )}
    </>
  )
}
