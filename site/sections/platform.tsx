import { Icon } from '../components/icon.tsx'
import type { IconName } from '../components/icon-paths.ts'
import { SectionHeading } from '../components/section-heading.tsx'
import { siteCopy } from '../site-copy.ts'

// In the order of siteCopy.platform.modules.
const icons: IconName[] = ['assistant', 'vault', 'knowledge', 'workflows']

/** What the platform is made of: Assistant, Vault, Knowledge and Workflows. */
export function Platform() {
  const { platform, nav } = siteCopy
  return (
    <section id="platform" className="section" aria-labelledby="platform-title">
      <div className="container">
        <SectionHeading
          id="platform-title"
          eyebrow={nav.links[0].label}
          title={platform.heading}
          intro={platform.intro}
        />
        {/* Four modules as a ruled list, not boxes: Solutions is the one grid of cards. */}
        <ul className="feature-list">
          {platform.modules.map((module, index) => (
            <li key={module.title} className="feature">
              <Icon name={icons[index] ?? 'check'} className="feature__icon" />
              <h3>{module.title}</h3>
              <p>{module.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
