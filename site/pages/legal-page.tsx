import { Link } from 'wouter'
import { configuredFields } from '../../src/form/config.ts'
import type { PageKey } from '../page-meta.ts'
import { type Inline, type LegalSection, privacyNotice, siteCopy } from '../site-copy.ts'
import { usePageMeta } from '../use-page-meta.ts'

function InlinePiece({ piece }: { piece: Inline }) {
  if (typeof piece === 'string') return piece
  if ('email' in piece) return <a href={`mailto:${piece.email}`}>{piece.email}</a>
  return <Link to={piece.to}>{piece.label}</Link>
}

interface LegalPageProps {
  page: Extract<PageKey, 'privacy' | 'terms'>
  heading: string
  intro: string
  sections: readonly LegalSection[]
}

/** A legal document: a heading, an introduction and numbered sections in one readable column. */
function LegalPage({ page, heading, intro, sections }: LegalPageProps) {
  usePageMeta(page)
  const titleId = `${page}-title`
  return (
    <article className="legal" aria-labelledby={titleId}>
      <div className="container legal__inner">
        <header className="legal__header">
          <p className="eyebrow">{siteCopy.footer.legalLabel}</p>
          <h1 id={titleId}>{heading}</h1>
          <p className="legal__intro">{intro}</p>
        </header>
        {sections.map((section) => (
          <section key={section.heading} className="legal__section">
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.map((piece) => JSON.stringify(piece)).join('')}>
                {paragraph.map((piece) => (
                  <InlinePiece key={JSON.stringify(piece)} piece={piece} />
                ))}
              </p>
            ))}
            {section.list ? (
              <ul className="legal__list">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  )
}

/** `/privacy`: what the demo form collects, why, for how long, and how to have it deleted. */
export function PrivacyPage() {
  const named = typeof __DEMO_REQUEST_SCHEDULERS__ === 'string' ? __DEMO_REQUEST_SCHEDULERS__ : ''
  const providers = named.split(',').filter(Boolean)
  const days =
    typeof __ANALYTICS_RETENTION_DAYS__ === 'number' ? __ANALYTICS_RETENTION_DAYS__ : undefined
  return <LegalPage page="privacy" {...privacyNotice(configuredFields(), providers, days)} />
}

/** `/terms`: the terms for using the website. */
export function TermsPage() {
  return <LegalPage page="terms" {...siteCopy.terms} />
}
