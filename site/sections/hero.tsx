import { Icon } from '../components/icon.tsx'
import { SiteLink } from '../components/site-link.tsx'
import { siteCopy } from '../site-copy.ts'
import { ReportPreview } from './report-preview.tsx'

/** The home page's opening: tagline, the Request a Demo button, a drafted report, the claims. */
export function Hero() {
  const { hero } = siteCopy
  return (
    <section className="hero on-dark" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__text">
          <p className="eyebrow">{hero.eyebrow}</p>
          <h1 id="hero-title">{hero.tagline}</h1>
          <p className="hero__lead">{hero.lead}</p>
          <SiteLink to="/request-demo" className="button button--light button--large">
            {hero.cta}
          </SiteLink>
        </div>
        <ReportPreview />
      </div>
      <div className="container">
        <div className="hero__claims">
          <h2 id="hero-claims-title">{hero.claimsLabel}</h2>
          <ul aria-labelledby="hero-claims-title" className="check-list">
            {hero.claims.map((claim) => (
              <li key={claim}>
                <Icon name="check" />
                <span>{claim}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
