import { Link } from 'wouter'
import { Icon } from '../components/icon.tsx'
import { SectionLink } from '../components/section-link.tsx'
import { SiteLink } from '../components/site-link.tsx'
import { brand, siteCopy } from '../site-copy.ts'
import { MobileMenu } from './mobile-menu.tsx'

/** The fixed site header: brand, section links, Request Demo and Login. */
export function Header() {
  const { nav } = siteCopy
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand">
          <Icon name="brand" className="brand__mark" />
          <span>{brand.name}</span>
        </Link>
        <MobileMenu>
          <nav aria-label={nav.label} className="site-nav">
            <ul>
              {nav.links.map((link) => (
                <li key={link.id}>
                  <SectionLink section={link.id}>{link.label}</SectionLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-header__actions">
            <SiteLink to="/request-demo" className="button button--primary">
              {nav.requestDemo}
            </SiteLink>
            {/* docs/requirements.md#home-page gives Login no destination yet; a button, so it promises no page. */}
            <button type="button" className="button button--ghost">
              {nav.login}
            </button>
          </div>
        </MobileMenu>
      </div>
    </header>
  )
}
