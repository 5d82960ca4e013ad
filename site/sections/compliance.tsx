import { Icon } from '../components/icon.tsx'
import { siteCopy } from '../site-copy.ts'

/** The six compliance items, shown below the security cards. */
export function Compliance() {
  const { compliance } = siteCopy
  return (
    <section className="compliance" aria-labelledby="compliance-title">
      <div className="container compliance__inner">
        <h2 id="compliance-title">{compliance.heading}</h2>
        <ul className="compliance__list">
          {compliance.items.map((item) => (
            <li key={item}>
              <Icon name="shield" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
