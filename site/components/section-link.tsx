import type { AnchorHTMLAttributes } from 'react'
import { Link, useLocation } from 'wouter'

export interface SectionLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** The id of a section on the home page. */
  section: string
}

/**
 * A link to a home-page section. On the home page it is a plain in-page anchor, so the
 * browser scrolls and moves keyboard focus itself; elsewhere it navigates home first.
 */
export function SectionLink({ section, children, ...props }: SectionLinkProps) {
  const [pathname] = useLocation()
  if (pathname === '/') {
    return (
      <a href={`#${section}`} {...props}>
        {children}
      </a>
    )
  }
  return (
    <Link to={`/#${section}`} {...props}>
      {children}
    </Link>
  )
}
