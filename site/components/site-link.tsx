import type { AnchorHTMLAttributes } from 'react'
import { Link } from 'wouter'
import { useSearch } from 'wouter/use-browser-location'
import { withCampaign } from '../../src/fields/campaign.ts'
import { pages } from '../page-meta.ts'
import { SectionLink } from './section-link.tsx'

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path on this site, optionally with a home-page section: `/request-demo`, `/#security`. */
  to: string
}

/**
 * A link to any page or home-page section of the site, chosen from content-module paths. A link
 * to the form carries the `utm_*` parameters of the address the visitor is on: the form reads the
 * campaign from its own address, as nothing on the visitor's device may keep it.
 */
export function SiteLink({ to, ...props }: SiteLinkProps) {
  // '' while prerendering and hydrating, so the prerendered link matches; the address after.
  const search = useSearch({ ssrSearch: '' })
  if (to.startsWith('/#')) return <SectionLink section={to.slice(2)} {...props} />
  return <Link to={to === pages.requestDemo.path ? withCampaign(to, search) : to} {...props} />
}
