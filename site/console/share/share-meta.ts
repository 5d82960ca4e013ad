import { type PageMeta, sharePath } from '../../page-meta.ts'
import { brand } from '../../site-copy.ts'

/** A share link's page: for whoever holds a link, so out of the sitemap and of search engines. */
export const sharePage: PageMeta = {
  path: sharePath,
  indexable: false,
  title: `Shared funnel | ${brand.name}`,
  description: `A read-only view of ${brand.name}'s demo request funnel, shared by link.`,
}
