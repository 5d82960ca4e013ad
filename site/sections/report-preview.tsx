import { Icon } from '../components/icon.tsx'
import { siteCopy } from '../site-copy.ts'

/**
 * The hero's picture, drawn in HTML: a status report the platform drafted, waiting for an
 * associate. Its controls are pictures too, so the drawing is hidden from assistive technology
 * and the caption says what it shows.
 */
export function ReportPreview() {
  const { reportPreview: report } = siteCopy
  return (
    <figure className="report" aria-labelledby="report-caption">
      <div className="report__sheet" aria-hidden="true">
        <div className="report__bar">
          <span className="report__kind">
            <Icon name="transactional" />
            {report.kind}
          </span>
          <span className="report__status">{report.status}</span>
        </div>
        <div className="report__body">
          <p className="report__title">{report.title}</p>
          <dl className="report__meta">
            {report.meta.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          {report.sections.map((section) => (
            <div key={section.heading} className="report__section">
              <p className="report__heading">{section.heading}</p>
              <p>{section.text}</p>
            </div>
          ))}
        </div>
        <div className="report__review">
          <span className="report__reviewer">
            <Icon name="associate" />
            {report.reviewer}
          </span>
          <span className="report__actions">
            <span className="report__action">{report.actions[0]}</span>
            <span className="report__action report__action--primary">{report.actions[1]}</span>
          </span>
        </div>
      </div>
      <figcaption id="report-caption" className="report__caption">
        {report.caption}
      </figcaption>
    </figure>
  )
}
