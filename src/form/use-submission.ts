import {
  type Dispatch,
  type FormEvent,
  type RefObject,
  type SetStateAction,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { FormFields } from '#core/contact-fields.ts'
import { checkDemoRequest } from '#core/demo-request-schema.ts'
import type { Language } from '#core/languages.ts'
import { formFieldNames, honeypot } from '#core/lead-fields.ts'
import type { NextStep } from '#core/next-step.ts'
import type { PageEvents } from '../analytics/page-events.ts'
import { visitCampaign } from '../fields/campaign.ts'
import { submissionMetadata } from '../fields/submission-metadata.ts'
import { createFunctionsClient } from '../submission/functions-client.ts'
import { createIdempotencyKeys } from '../submission/idempotency-key.ts'
import {
  defaultTimeoutMs,
  demoRequestProofs,
  sendDemoRequest,
} from '../submission/send-demo-request.ts'
import { defaultPublishableKey, defaultSupabaseUrl } from './config.ts'
import type { DemoRequestFormProps } from './demo-request-form-props.ts'
import { emitFormEvent } from './form-events.ts'
import { emptyValues, readFormValues, writeFormValues } from './form-values.ts'
import type { FieldIssues } from './use-field-issues.ts'

/** The toasts a send may end in; their words are looked up when shown, in the form's language. */
export type ToastKind = 'success' | 'failure'

/**
 * The form's send: checks what the fields show, posts it with a proof of work under an
 * idempotency key, and ends in a toast, the route's next step if it has one, and an event.
 */
export function useSubmission(
  {
    supabaseUrl,
    publishableKey,
    anonKey,
    functions,
    source,
    timeoutMs = defaultTimeoutMs,
    toastDurationMs = 6000,
  }: DemoRequestFormProps,
  fields: FormFields,
  language: Language,
  setIssues: Dispatch<SetStateAction<FieldIssues>>,
  root: RefObject<HTMLElement | null>,
  events: PageEvents,
) {
  const inFlight = useRef(false)
  const [keys] = useState(createIdempotencyKeys)
  const [submitting, setSubmitting] = useState(false)
  const [toast, setToast] = useState<ToastKind>()
  // After a send whose route offers one: a booking page or a message, in the form's place.
  const [next, setNext] = useState<{ step: NextStep; requestId: string }>()

  const client = useMemo(
    () =>
      functions ??
      createFunctionsClient(
        supabaseUrl || defaultSupabaseUrl(),
        publishableKey || anonKey || defaultPublishableKey(),
      ),
    [functions, supabaseUrl, publishableKey, anonKey],
  )
  const proofs = useMemo(() => demoRequestProofs(client, timeoutMs), [client, timeoutMs])

  useEffect(() => {
    if (!toast) return
    const timer = setTimeout(() => setToast(undefined), toastDurationMs)
    return () => clearTimeout(timer)
  }, [toast, toastDurationMs])

  // The same function on every render: the element's handle connects once (use-form-handle.ts).
  const clearOutcome = useCallback(() => {
    setToast(undefined)
    setNext(undefined)
  }, [])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // A ref, not state: a second click can arrive before React re-renders the disabled button.
    if (inFlight.current) return
    events.record({ event: 'send-tried' })
    const form = event.currentTarget
    // What the fields show now, however it got there (form-values.ts).
    const result = checkDemoRequest(readFormValues(form, formFieldNames), fields)
    if (!result.success) {
      setIssues(result.codes)
      for (const field of formFieldNames) {
        const code = result.codes[field]
        if (code) events.record({ event: 'refused', field, code })
      }
      const first = formFieldNames.find((field) => result.codes[field])
      const control = first && form.elements.namedItem(first)
      if (control instanceof HTMLElement) control.focus()
      emitFormEvent(root.current, 'demo-request-error', { kind: 'validation' })
      return
    }
    setIssues({})
    inFlight.current = true
    setSubmitting(true)
    setToast(undefined)
    emitFormEvent(root.current, 'demo-request-submit', {})
    const submission = {
      ...result.output,
      ...submissionMetadata({
        source,
        pageUrl: location.href,
        referrer: document.referrer,
        website: readFormValues(form, [honeypot.name]).website ?? '',
        campaign: visitCampaign(location.href, document.referrer),
        language,
      }),
    }
    const outcome = await sendDemoRequest(client, submission, {
      idempotencyKey: keys.keyFor(submission),
      timeoutMs,
      proofs,
    })
    inFlight.current = false
    setSubmitting(false)
    if (outcome.ok) {
      keys.settle()
      writeFormValues(form, emptyValues)
      setToast('success')
      if (outcome.next) setNext({ step: outcome.next, requestId: outcome.requestId })
      if (outcome.next && outcome.next.kind !== 'message') events.record({ event: 'booking-shown' })
      // After the toast is set: the beacon is queued, never awaited.
      events.flush()
      emitFormEvent(root.current, 'demo-request-success', { requestId: outcome.requestId })
      return
    }
    // The function's own words for each refused field are for the developer (what to change where
    // it runs, as for a field it does not collect): the console, not the visitor, reads them.
    console.error('Demo request failed:', outcome.error, outcome.fields ?? '')
    if (outcome.fields) {
      // The code, worded in the form's language, where this build knows it; else the function's
      // own (English) words.
      const refused = Object.entries(outcome.fields).map(([field, text]) => [
        field,
        outcome.codes?.[field] ?? { text },
      ])
      setIssues(Object.fromEntries(refused))
    }
    setToast('failure')
    emitFormEvent(root.current, 'demo-request-error', { kind: outcome.kind })
  }

  return {
    submit,
    startProofs: proofs.start,
    submitting,
    toast,
    setToast,
    next,
    setNext,
    clearOutcome,
  }
}
