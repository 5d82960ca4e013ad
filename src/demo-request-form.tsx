import {
  type FormEvent,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { NextStepPanel } from './booking/next-step-panel.tsx'
import { firstTouchCampaign } from './campaign.ts'
import {
  configuredFields,
  defaultPrivacyUrl,
  defaultPublishableKey,
  defaultSupabaseUrl,
} from './config.ts'
import type { FormFields } from './contact-fields.ts'
import { copies } from './copy/copies.ts'
import { FormLanguage } from './copy/form-language.ts'
import {
  type DemoRequestEventMap,
  type DemoRequestEventName,
  dispatchDemoRequestEvent,
} from './demo-request-events.ts'
import { checkDemoRequest } from './demo-request-schema.ts'
import { connectForm, type FormHandle } from './form-bridge.ts'
import { type FieldIssue, FormField } from './form-field.tsx'
import { formClasses } from './form-styles.ts'
import { readFormValues, writeFormValues } from './form-values.ts'
import { createFunctionsClient, type FunctionsInvoker } from './functions-client.ts'
import { createIdempotencyKeys } from './idempotency-key.ts'
import type { Language } from './languages.ts'
import {
  type ContactFieldName,
  formFieldNames,
  honeypot as honeypotField,
  leadField,
  type RequiredFieldName,
} from './lead-fields.ts'
import type { NextStep } from './next-step.ts'
import { defaultTimeoutMs, demoRequestProofs, sendDemoRequest } from './send-demo-request.ts'
import { adoptStyles } from './style-sheet.ts'
import { submissionMetadata } from './submission-metadata.ts'
import { ToastRegion } from './toast.tsx'

/** What the form's fields hold: the four every form has, and any contact fields. */
export type DemoRequestValues = Record<RequiredFieldName, string> &
  Partial<Record<ContactFieldName, string>>

type FieldIssues = Partial<Record<string, FieldIssue>>

export type DemoRequestFormProps = {
  /** The Supabase project URL; defaults to `VITE_SUPABASE_URL`, else the page's origin. */
  supabaseUrl?: string
  /**
   * The project's publishable key (`sb_publishable_…`); defaults to
   * `VITE_SUPABASE_PUBLISHABLE_KEY`, else `VITE_SUPABASE_ANON_KEY`.
   */
  publishableKey?: string
  /** The project's legacy anon key: used when `publishableKey` is not set. */
  anonKey?: string
  /** Free text stored with the lead, such as a partner's name. */
  source?: string
  /** The privacy notice the form links to; defaults to `/privacy` on SITE_URL, else the page's origin. */
  privacyUrl?: string
  /** A Functions client to call instead, e.g. a site's own `supabase.functions`. */
  functions?: FunctionsInvoker
  /**
   * The contact fields after the four (docs/requirements.md#contact-fields); defaults to what DEMO_REQUEST_FIELDS
   * was at build time. The function must be given the same.
   */
  fields?: FormFields
  /** Values shown on first render; from then on the fields hold their own. */
  initialValues?: Partial<DemoRequestValues>
  /** How long a call may take before it fails. */
  timeoutMs?: number
  /** How long a toast stays before it leaves on its own. */
  toastDurationMs?: number
  /**
   * `'static'`: the form as drawn to HTML at build time (src/static-form.ts), shown before
   * JavaScript: without the honeypot and the toasts, and with a button that sends nothing.
   */
  drawing?: 'live' | 'static'
  /**
   * The language of every word the form shows, its messages, toasts and booking panel included;
   * switched at any time without touching what was typed. Defaults to the surrounding
   * `FormLanguage`, else English. The element gives the page's (page-language.ts).
   */
  language?: Language
}

/** The toasts a send may end in; their words are looked up when shown, in the form's language. */
type ToastKind = 'success' | 'failure'

// Every field and the honeypot empty, as reset() and a successful send leave the form.
const emptyValues = Object.fromEntries(
  [...formFieldNames, honeypotField.name].map((name) => [name, '']),
)

/** The demo-request form: validates, posts to `send-demo-request`, and reports by toast. */
export function DemoRequestForm({
  supabaseUrl,
  publishableKey,
  anonKey,
  source,
  privacyUrl,
  functions,
  fields: givenFields,
  initialValues,
  timeoutMs = defaultTimeoutMs,
  toastDurationMs = 6000,
  drawing = 'live',
  language: givenLanguage,
}: DemoRequestFormProps) {
  const classes = formClasses()
  const inheritedLanguage = useContext(FormLanguage)
  const language = givenLanguage ?? inheritedLanguage
  const copy = copies[language]
  const [fields] = useState(() => givenFields ?? configuredFields())
  const id = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const inFlight = useRef(false)
  const [keys] = useState(createIdempotencyKeys)
  // What the fields show first; from then on the DOM holds the values (form-values.ts).
  const [firstValues] = useState(() => ({ ...initialValues }))
  const [errors, setErrors] = useState<FieldIssues>({})
  const [submitting, setSubmitting] = useState(false)
  const [toast, setToast] = useState<ToastKind>()
  const [readyDue, setReadyDue] = useState(false)
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

  useLayoutEffect(() => {
    if (rootRef.current) adoptStyles(rootRef.current.getRootNode())
  })

  // Written once through `value`, as typing would: a field then shows its value whatever React
  // later does to its value attribute (a textarea's on every update).
  useLayoutEffect(() => {
    if (formRef.current) writeFormValues(formRef.current, { ...emptyValues, ...firstValues })
  }, [firstValues])

  // A message, once shown, follows the value, however it changed: typed, autofilled, or set by a
  // script with an event. Not React's onChange, which a plain `input.value = …` never reaches.
  useEffect(() => {
    const form = formRef.current
    if (!form) return
    function follow(event: Event) {
      const field = (event.target as HTMLInputElement).name
      const result = checkDemoRequest(
        readFormValues(form as HTMLFormElement, formFieldNames),
        fields,
      )
      const issue = result.success ? undefined : result.codes[field]
      setErrors((current) => (current[field] ? { ...current, [field]: issue } : current))
    }
    form.addEventListener('input', follow)
    form.addEventListener('change', follow)
    return () => {
      form.removeEventListener('input', follow)
      form.removeEventListener('change', follow)
    }
  }, [fields])

  // The element's methods reach the form through its host; calls made before this ran waited.
  useEffect(() => {
    const handle: FormHandle = {
      prefill(given) {
        if (formRef.current) writeFormValues(formRef.current, given)
        // A message about a value that was just replaced no longer applies.
        setErrors((current) =>
          Object.fromEntries(Object.entries(current).filter(([field]) => !(field in given))),
        )
      },
      reset() {
        if (formRef.current) writeFormValues(formRef.current, emptyValues)
        setErrors({})
        setToast(undefined)
        setNext(undefined)
      },
    }
    const connection = connectForm(eventTarget(rootRef.current), handle)
    if (connection.first) setReadyDue(true)
    // Remembered now, while the landing page's address still carries the campaign.
    firstTouchCampaign(location.href)
    return connection.disconnect
  }, [])

  // After the render that holds what waiting prefill() calls set, so a listener sees it.
  useEffect(() => {
    if (readyDue && rootRef.current) {
      dispatchDemoRequestEvent(eventTarget(rootRef.current), 'demo-request-ready', {})
    }
  }, [readyDue])

  useEffect(() => {
    if (!toast) return
    const timer = setTimeout(() => setToast(undefined), toastDurationMs)
    return () => clearTimeout(timer)
  }, [toast, toastDurationMs])

  function emit<Name extends DemoRequestEventName>(
    name: Name,
    detail: DemoRequestEventMap[Name]['detail'],
  ) {
    if (rootRef.current) dispatchDemoRequestEvent(eventTarget(rootRef.current), name, detail)
  }

  function focusField(field: string) {
    const element = formRef.current?.elements.namedItem(field)
    if (element instanceof HTMLElement) element.focus()
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // A ref, not state: a second click can arrive before React re-renders the disabled button.
    if (inFlight.current) return
    const form = event.currentTarget
    // What the fields show now, however it got there (form-values.ts).
    const result = checkDemoRequest(readFormValues(form, formFieldNames), fields)
    if (!result.success) {
      setErrors(result.codes)
      const first = formFieldNames.find((field) => result.codes[field])
      if (first) focusField(first)
      emit('demo-request-error', { kind: 'validation' })
      return
    }
    setErrors({})
    inFlight.current = true
    setSubmitting(true)
    setToast(undefined)
    emit('demo-request-submit', {})
    const submission = {
      ...result.output,
      ...submissionMetadata({
        source,
        pageUrl: location.href,
        referrer: document.referrer,
        website: readFormValues(form, [honeypotField.name]).website ?? '',
        campaign: firstTouchCampaign(location.href),
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
      emit('demo-request-success', { requestId: outcome.requestId })
      return
    }
    console.error('Demo request failed:', outcome.error)
    if (outcome.fields) {
      // The code, worded in the form's language, where this build knows it; else the function's
      // own (English) words.
      const refused = Object.entries(outcome.fields).map(([field, text]) => [
        field,
        outcome.codes?.[field] ?? { text },
      ])
      setErrors(Object.fromEntries(refused))
    }
    setToast('failure')
    emit('demo-request-error', { kind: outcome.kind })
  }

  // The four always; a contact field when the form has it, its label saying when it may stay empty.
  const shown = formFieldNames.flatMap((name) => {
    const setting = fields.find((field) => field.name === name)
    const always = leadField(name).form?.presence === 'always'
    return always || setting ? [{ name, required: always || Boolean(setting?.required) }] : []
  })
  // Fields naming the same row sit side by side; the others each take a row of their own.
  const rows: (typeof shown)[] = []
  for (const field of shown) {
    const row = leadField(field.name).form?.row
    const last = rows.at(-1)
    if (row && last && leadField(last[0]?.name ?? field.name).form?.row === row) last.push(field)
    else rows.push([field])
  }

  function field({ name, required }: (typeof shown)[number]) {
    return (
      <FormField
        key={name}
        id={`${id}-${name}`}
        name={name}
        required={required}
        initialValue={firstValues[name]}
        issue={errors[name]}
      />
    )
  }

  // The language is said on the form's root, for screen readers. A static English drawing leaves
  // it to the page: the loader carries that markup in its 2 KiB, and the site is English.
  const saysLanguage = drawing === 'live' || language !== 'en'
  return (
    <FormLanguage value={language}>
      <div className={classes.root} ref={rootRef} lang={saysLanguage ? language : undefined}>
        {next && (
          <NextStepPanel
            step={next.step}
            onBooked={() => emit('demo-request-booked', { requestId: next.requestId })}
            onClose={() => setNext(undefined)}
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
          onSubmit={handleSubmit}
          // The challenge is solved while the visitor types, so the click waits for nothing.
          onFocus={proofs.start}
        >
          {rows.map((row) =>
            row.length > 1 ? (
              <div className={classes.row} key={row.map(({ name }) => name).join()}>
                {row.map(field)}
              </div>
            ) : (
              row.map(field)
            ),
          )}
          {drawing === 'live' && (
            <div className={classes.honeypot} aria-hidden="true">
              <label htmlFor={`${id}-${honeypotField.name}`}>{copy.honeypotLabel}</label>
              <input
                id={`${id}-${honeypotField.name}`}
                name={honeypotField.name}
                type="text"
                tabIndex={-1}
                autoComplete="off"
              />
            </div>
          )}
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

// Events leave from the element when the form is in its shadow root, else from the form's root.
function eventTarget(root: HTMLElement | null): Element {
  const node = root?.getRootNode()
  return node instanceof ShadowRoot ? node.host : (root as HTMLElement)
}
