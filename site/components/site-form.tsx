import { startTransition, useContext, useEffect, useRef } from 'react'
import type { FunctionsInvoker } from '../../src/submission/functions-client.ts'
import type { DemoRequestElement } from '../../widget/demo-request-element.ts'
import { pages } from '../page-meta.ts'
import { StaticFormContext } from '../static-form-context.ts'

// The element's code and supabase-js arrive together; the element is defined and handed the
// site's client in one task, so its first render already sends through supabase-js.
async function startForm(element: HTMLElement | null): Promise<void> {
  const [{ DemoRequestElement }, { siteSupabase }] = await Promise.all([
    import('../../widget/demo-request-element.ts'),
    import('../supabase-client.ts'),
  ])
  // The client is made on the form's first call (a focus asks for a challenge), in a task of its
  // own: made here, beside the element's definition, it took that task past 50 ms at 4× CPU.
  const functions: FunctionsInvoker = {
    invoke: (name, options) => siteSupabase().functions.invoke(name, options),
  }
  // One transition for both renders, so the client's does not cut the first one's slicing short.
  startTransition(() => {
    DemoRequestElement.define()
    if (element) (element as DemoRequestElement).functions = functions
  })
}

/**
 * The site's `<demo-request>`, prerendered as its static form, which takes input at once. In the
 * browser, and only on the pages that show it, the element's code and supabase-js download; the
 * element's first render takes the static form over with what was typed (widget/element-form.tsx),
 * as on partner pages. The element is bundled from source, so it shares the site's React.
 */
export function SiteForm({ source }: { source: string }) {
  const staticForm = useContext(StaticFormContext)
  const form = useRef<HTMLElement>(null)

  useEffect(() => {
    startForm(form.current).catch((error: unknown) => {
      console.error('The demo request form could not be loaded', error)
    })
  }, [])

  return (
    <demo-request ref={form} source={source} privacy-url={pages.privacy.path}>
      {/* The parser turns this into the element's shadow root and drops the template, so
          the hydrating page, which renders none, finds the same DOM. */}
      {staticForm ? (
        <template
          // @ts-expect-error React types do not list declarative shadow DOM yet.
          shadowrootmode="open"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: static-form.ts renders it with React from our own copy
          dangerouslySetInnerHTML={{
            __html: `<style>${staticForm.css}</style>${staticForm.html}`,
          }}
        />
      ) : null}
    </demo-request>
  )
}
