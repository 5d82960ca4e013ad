import { Icon } from '../components/icon.tsx'
import type { IconName } from '../components/icon-paths.ts'
import { SectionHeading } from '../components/section-heading.tsx'
import { siteCopy } from '../site-copy.ts'

// In the order of siteCopy.security.cards.
const icons: IconName[] = ['lock', 'access', 'shield', 'globe']

/** The four security cards. */
export function Security() {
  const { security, nav } = siteCopy
  return (
    <section id="security" className="section on-dark" aria-labelledby="security-title">
      <div className="container">
        <SectionHeading
          id="security-title"
          eyebrow={nav.links[3].label}
          title={security.heading}
          intro={security.intro}
        />
        <ul className="safeguards">
          {security.cards.map((card, index) => (
            <li key={card.title} className="safeguard">
              <Icon name={icons[index] ?? 'check'} className="safeguard__icon" />
              <div>
                <h3>{card.title}</h3>
                <p>{card.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
