import { SiteLink } from './site-link.tsx'

export interface FooterEntry {
  readonly label: string
  /** A path on this site; without one the entry has no page yet and shows as text. */
  readonly to: string | undefined
}

/** A footer column's list: links where the site has a destination, plain text otherwise. */
export function FooterEntries({
  entries,
  label,
}: {
  entries: readonly FooterEntry[]
  label?: string
}) {
  return (
    <ul aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.label}>
          {entry.to ? <SiteLink to={entry.to}>{entry.label}</SiteLink> : <span>{entry.label}</span>}
        </li>
      ))}
    </ul>
  )
}
