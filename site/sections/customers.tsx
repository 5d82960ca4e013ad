import { Icon } from '../components/icon.tsx'
import type { IconName } from '../components/icon-paths.ts'
import { SectionHeading } from '../components/section-heading.tsx'
import { siteCopy } from '../site-copy.ts'

// In the order of siteCopy.customers.audiences.
const icons: IconName[] = ['firm', 'associate']

/** Whom the platform serves: insurance-defense firms and the associates carrying their files. */
export function Customers() {
  const { customers, nav } = siteCopy
  return (
    <section id="customers" className="section" aria-labelledby="customers-title">
      <div className="container customers">
        <SectionHeading
          id="customers-title"
          eyebrow={nav.links[2].label}
          title={customers.heading}
          intro={customers.intro}
        />
        <ul className="audience-list">
          {customers.audiences.map((audience, index) => (
            <li key={audience.title} className="audience">
              <Icon name={icons[index] ?? 'check'} className="audience__icon" />
              <div>
                <h3>{audience.title}</h3>
                <p>{audience.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
