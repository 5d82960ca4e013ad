import { useContext, useEffect, useRef } from 'react'
import type { DemoRequestElement } from '../../widget/demo-request-element.ts'
import { pages } from '../page-meta.ts'
import { siteCopy } from '../site-copy.ts'
import { StaticFormContext } from '../static-form-context.ts'
import { usePageMeta } from '../use-page-meta.ts'

// The element's code and supabase-js arrive together; the element is defined and handed the
// site's client in one task, so its first render already sends through supabase-js.
async function startForm(element: HTMLElement | null): Promise<void> {
  const [{ DemoRequestElement }, { siteSupabase }] = await Promise.all([
    import('../../widget/demo-request-element.ts'),
    import('../supabase-client.ts'),
  ])
  const { functions } = siteSupabase()
  DemoRequestElement.define()
  if (element) (element as DemoRequestElement).functions = functions
}

/** `/request-demo`: the page around the `<demo-request>` element. */
export function RequestDemoPage() {
  usePageMeta('requestDemo')
  const { requestDemo } = siteCopy
  const staticForm = useContext(StaticFormContext)
  const form = useRef<HTMLElement>(null)

  // Browser only, and only this page downloads the element and supabase-js. The element is
  // bundled from source, so it shares the site's React.
  useEffect(() => {
    startForm(form.current).catch((error: unknown) => {
      console.error('The demo request form could not be loaded', error)
    })
  }, [])

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
          <demo-request ref={form} source="site" privacy-url={pages.privacy.path}>
            {/* The parser turns this into the element's shadow root and drops the template, so
                the hydrating page, which renders none, finds the same DOM. */}
            {staticForm ? (
              <template
                // @ts-expect-error React types do not list declarative shadow DOM yet.
                shadowrootmode="open"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: static-form.ts builds it from our own copy, every text escaped
                dangerouslySetInnerHTML={{
                  __html: `<style>${staticForm.css}</style>${staticForm.html}`,
                }}
              />
            ) : null}
          </demo-request>
        </div>
      </div>
    </section>
  )
}
