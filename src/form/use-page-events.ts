import { type RefObject, useEffect, useRef, useState } from 'react'
import type { FormFields } from '#core/contact-fields.ts'
import { checkDemoRequest } from '#core/demo-request-schema.ts'
import { type FormFieldName, formFieldNames } from '#core/lead-fields.ts'
import { type PageEvents, pageEvents, sendBatch } from '../analytics/page-events.ts'
import { defaultSupabaseUrl } from './config.ts'
import type { DemoRequestFormProps } from './demo-request-form-props.ts'
import { readFormValues } from './form-values.ts'

/**
 * Records what the visitor does with the form on this page view, and sends it when the page is
 * hidden or left, or the form leaves the page; the send's own steps are recorded by the caller.
 * With `analytics="off"` (in any case) nothing is recorded or sent. Each event is kept with the
 * page it happened on. The attributes are read when a batch goes,
 * so a change of `source` or `supabase-url` loses nothing already recorded.
 */
export function usePageEvents(
  props: DemoRequestFormProps,
  fields: FormFields,
  formRef: RefObject<HTMLFormElement | null>,
  rootRef: RefObject<HTMLElement | null>,
): PageEvents {
  const latest = useRef(props)
  latest.current = props
  const [events] = useState(() => {
    // An attribute's value is read as HTML reads enumerated ones: `OFF` is off too.
    const on = () => !/^off$/i.test(latest.current.analytics as string)
    return pageEvents((batch, page, campaign) => {
      const { supabaseUrl, source } = latest.current
      sendBatch(supabaseUrl || defaultSupabaseUrl(), source, batch, page, campaign)
    }, on)
  })

  useEffect(() => {
    const form = formRef.current
    const root = rootRef.current
    if (!form || !root) return
    // Kept watching: after a single-page app's navigation the form seen again is the next
    // page's view; the recorder keeps one a page.
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) events.record({ event: 'shown' })
    })
    seen.observe(root)
    // A field left: empty, or with what its message would say (whether or not it shows yet).
    const left = (event: Event) => {
      const field = (event.target as HTMLInputElement).name as FormFieldName
      const values = readFormValues(form, formFieldNames)
      if (!formFieldNames.includes(field)) return
      if (!values[field]?.trim()) return events.record({ event: 'field-empty', field })
      const checked = checkDemoRequest(values, fields)
      const code = checked.success ? undefined : checked.codes[field]
      if (code) events.record({ event: 'field-error', field, code })
    }
    const stop = new AbortController()
    const { signal } = stop
    // A select's choice fires `input` too, as typing and autofill do.
    form.addEventListener('input', () => events.record({ event: 'started' }), { signal })
    form.addEventListener('focusout', left, { signal })
    document.addEventListener(
      'visibilitychange',
      () => document.visibilityState === 'hidden' && events.flush(),
      { signal },
    )
    addEventListener('pagehide', events.flush, { signal })
    return () => {
      seen.disconnect()
      stop.abort()
      events.flush()
    }
  }, [events, fields, formRef, rootRef])

  return events
}
