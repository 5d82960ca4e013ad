import { useContext, useId, useLayoutEffect, useRef, useState } from 'react'
import { en } from '#core/en.ts'
import { NextStepPanel } from '../booking/next-step-panel.tsx'
import { FormLanguage, useSpokenLanguage } from '../copy/form-language.ts'
import { arrivedCopy } from '../copy/load-copy.ts'
import { adoptStyles } from '../styles/style-sheet.ts'
import { configuredFields, defaultPrivacyUrl } from './config.ts'
import type { DemoRequestFormProps } from './demo-request-form-props.ts'
import { FieldRows } from './field-rows.tsx'
import { emitFormEvent } from './form-events.ts'
import { formClasses } from './form-styles.ts'
import { emptyValues, writeFormValues } from './form-values.ts'
import { HoneypotField } from './honeypot-field.tsx'
import { ToastRegion } from './toast.tsx'
import { useFieldIssues } from './use-field-issues.ts'
import { useFormHandle } from './use-form-handle.ts'
import { usePageEvents } from './use-page-events.ts'
import { useSubmission } from './use-submission.ts'

/** The demo-request form: validates, posts to `send-demo-request`, and reports by toast. */
export function DemoRequestForm(props: DemoRequestFormProps) {
  const { privacyUrl, initialValues, drawing = 'live' } = props
  const classes = formClasses()
  const inheritedLanguage = useContext(FormLanguage)
  // Waits, the first time, for the words of a language other than English to arrive.
  const language = useSpokenLanguage(props.language ?? inheritedLanguage)
  const copy = arrivedCopy(language) ?? en
  const [fields] = useState(() => props.fields ?? configuredFields())
  const id = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  // What the fields show first; from then on the DOM holds the values (form-values.ts).
  const [firstValues] = useState(() => ({ ...initialValues }))
  const [issues, setIssues] = useFieldIssues(formRef, fields)
  const events = usePageEvents(props, fields, formRef, rootRef)
  const { submit, startProofs, submitting, toast, setToast, next, setNext, clearOutcome } =
    useSubmission(props, fields, language, setIssues, rootRef, events)
  useFormHandle(formRef, rootRef, setIssues, clearOutcome)

  useLayoutEffect(() => {
    if (rootRef.current) adoptStyles(rootRef.current.getRootNode())
  })

  // Written once through `value`, as typing would: a field then shows its value whatever React
  // later does to its value attribute (a textarea's on every update).
  useLayoutEffect(() => {
    if (formRef.current) writeFormValues(formRef.current, { ...emptyValues, ...firstValues })
  }, [firstValues])

  // The language is said on the form's root, for screen readers. A static English drawing leaves
  // it to the page: the loader carries that markup in its 2 KiB, and the site is English.
  const saysLanguage = drawing === 'live' || language !== 'en'
  return (
    <FormLanguage value={language}>
      <div className={classes.root} ref={rootRef} lang={saysLanguage ? language : undefined}>
        {next && (
          <NextStepPanel
            step={next.step}
            onBooked={() =>
              emitFormEvent(rootRef.current, 'demo-request-booked', { requestId: next.requestId })
            }
            onClose={() => setNext(undefined)}
            onEvent={events.record}
          />
        )}
        <form
          ref={formRef}
          // Kept while the panel shows, so "Not now" brings back the same form. A style, not
          // `hidden`: the form's class sets its display, and the loader's CSS has no byte to spare.
          hidden={Boolean(next)}
          style={next ? { display: 'none' } : undefined}
          className={classes.form}
          part="form"
          aria-label={copy.label}
          noValidate
          onSubmit={submit}
          // The challenge is solved while the visitor types, so the click waits for nothing.
          onFocus={startProofs}
        >
          <FieldRows id={id} fields={fields} firstValues={firstValues} issues={issues} />
          {drawing === 'live' && <HoneypotField id={id} />}
          {/* A static form must never send the fields as a query string. */}
          <button
            className={classes.submit}
            part="submit"
            type={drawing === 'live' ? 'submit' : 'button'}
            disabled={submitting}
          >
            {submitting ? copy.submitting : copy.submit}
          </button>
          <p className={classes.notice}>
            {copy.privacy.text} <a href={privacyUrl || defaultPrivacyUrl()}>{copy.privacy.link}</a>
          </p>
        </form>
        {drawing === 'live' && (
          <ToastRegion
            toast={
              toast && { variant: toast === 'success' ? 'default' : 'destructive', ...copy[toast] }
            }
            onDismiss={() => setToast(undefined)}
          />
        )}
      </div>
    </FormLanguage>
  )
}
