import type { AnchorHTMLAttributes } from 'react'
import { Link } from 'wouter'
import { SectionLink } from './section-link.tsx'

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path on this site, optionally with a home-page section: `/request-demo`, `/#security`. */
  to: string
}

/** A link to any page or home-page section of the site, chosen from content-module paths. */
export function SiteLink({ to, ...props }: SiteLinkProps) {
  if (to.startsWith('/#')) return <SectionLink section={to.slice(2)} {...props} />
  return <Link to={to} {...props} />
}
