import { Link } from 'wouter'
import { FooterEntries } from '../components/footer-entries.tsx'
import { Icon } from '../components/icon.tsx'
import { brand, siteCopy } from '../site-copy.ts'

/** The site footer; its Company column is the `#company` target of the header. */
export function Footer() {
  const { footer } = siteCopy
  return (
    <footer className="site-footer on-dark">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Link to="/" className="brand brand--light">
            <Icon name="brand" className="brand__mark" />
            <span>{brand.name}</span>
          </Link>
          <p>{footer.about}</p>
        </div>
        <div className="site-footer__column">
          <h2>{footer.platform.heading}</h2>
          <FooterEntries entries={footer.platform.links} />
        </div>
        <div id="company" className="site-footer__column">
          <h2>{footer.company.heading}</h2>
          <FooterEntries entries={footer.company.links} />
        </div>
      </div>
      {/* The rule sits on the inner box, so it spans the content column, not the padding. */}
      <div className="container">
        <div className="site-footer__legal">
          <p>{footer.copyright}</p>
          <FooterEntries entries={footer.legal} label={footer.legalLabel} />
        </div>
      </div>
    </footer>
  )
}
