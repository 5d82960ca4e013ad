export interface SectionHeadingProps {
  /** The id the section's `aria-labelledby` points at. */
  id: string
  eyebrow: string
  title: string
  intro?: string
}

/** The eyebrow, heading and introduction that open each home-page section. */
export function SectionHeading({ id, eyebrow, title, intro }: SectionHeadingProps) {
  return (
    <div className="section-heading">
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id}>{title}</h2>
      {intro ? <p className="section-heading__intro">{intro}</p> : null}
    </div>
  )
}
