import { Icon } from '../components/icon.tsx'
import type { IconName } from '../components/icon-paths.ts'
import { SectionHeading } from '../components/section-heading.tsx'
import { siteCopy } from '../site-copy.ts'

// In the order of siteCopy.solutions.cards.
const icons: IconName[] = ['innovation', 'inHouse', 'transactional', 'litigation']

/** The four practice-area cards, each with three features and a Learn More button. */
export function Solutions() {
  const { solutions, nav } = siteCopy
  return (
    <section id="solutions" className="section section--surface" aria-labelledby="solutions-title">
      <div className="container">
        <SectionHeading
          id="solutions-title"
          eyebrow={nav.links[1].label}
          title={solutions.heading}
          intro={solutions.intro}
        />
        <ul className="card-grid card-grid--four">
          {solutions.cards.map((card, index) => {
            const titleId = `solution-${index}-title`
            return (
              <li key={card.title} className="card card--solution">
                <Icon name={icons[index] ?? 'check'} className="card__icon" />
                <h3 id={titleId}>{card.title}</h3>
                <ul className="check-list check-list--compact">
                  {card.features.map((feature) => (
                    <li key={feature}>
                      <Icon name="check" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
                {/* No solution pages exist yet (spec: does nothing visible); described by its card. */}
                <button type="button" className="button button--outline" aria-describedby={titleId}>
                  {solutions.learnMore}
                </button>
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}
