import { SiteForm } from '../components/site-form.tsx'
import { siteCopy } from '../site-copy.ts'
import { usePageMeta } from '../use-page-meta.ts'

/** `/request-demo`: the page around the `<demo-request>` element. */
export function RequestDemoPage() {
  usePageMeta('requestDemo')
  const { requestDemo } = siteCopy
  return (
    <section className="request-demo" aria-labelledby="request-demo-title">
      <div className="container request-demo__inner">
        <header className="request-demo__header">
          <h1 id="request-demo-title">{requestDemo.heading}</h1>
          <p className="request-demo__subtitle">{requestDemo.subtitle}</p>
        </header>
        <div className="request-demo__card">
          <h2>{requestDemo.cardTitle}</h2>
          <p>{requestDemo.cardText}</p>
          <SiteForm source="site" />
        </div>
      </div>
    </section>
  )
}
