import {
  type ChangeEvent,
  type FormEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { firstTouchCampaign } from './campaign.ts'
import {
  configuredFields,
  defaultPrivacyUrl,
  defaultPublishableKey,
  defaultSupabaseUrl,
} from './config.ts'
import type { ContactField, ContactFieldSetting, FormFields } from './contact-fields.ts'
import {
  type DemoRequestEventMap,
  type DemoRequestEventName,
  dispatchDemoRequestEvent,
} from './demo-request-events.ts'
import { contactFieldLimits, fieldLimits } from './demo-request-limits.ts'
import {
  type DemoRequestField,
  type FieldErrors,
  validateDemoRequest,
} from './demo-request-schema.ts'
import { connectForm, type FormHandle } from './form-bridge.ts'
import { companySizes, formCopy } from './form-copy.ts'
import { formClasses } from './form-styles.ts'
import { createFunctionsClient, type FunctionsInvoker } from './functions-client.ts'
import { createIdempotencyKeys } from './idempotency-key.ts'
import { defaultTimeoutMs, demoRequestProofs, sendDemoRequest } from './send-demo-request.ts'
import { adoptStyles } from './style-sheet.ts'
import { submissionMetadata } from './submission-metadata.ts'
import { type ToastMessage, ToastRegion } from './toast.tsx'

/** What the form's fields hold: the specification's four, and any contact fields. */
export type DemoRequestValues = Record<DemoRequestField, string> &
  Partial<Record<ContactField, string>>

type FormField = DemoRequestField | ContactField

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
   * The contact fields after the specification's four; defaults to what DEMO_REQUEST_FIELDS
   * was at build time. The function must be given the same.
   */
  fields?: FormFields
  /** Values shown on first render. */
  initialValues?: Partial<DemoRequestValues>
  /** How long a call may take before it fails. */
  timeoutMs?: number
  /** How long a toast stays before it leaves on its own. */
  toastDurationMs?: number
}

// The order the fields show in, which focus follows to the first one that needs attention.
const fieldOrder: FormField[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'companyName',
  'role',
  'companySize',
  'message',
]
const emptyValues: DemoRequestValues = {
  firstName: '',
  lastName: '',
  companyName: '',
  companySize: '',
  email: '',
  phone: '',
  role: '',
  message: '',
}

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
}: DemoRequestFormProps) {
  const classes = formClasses()
  const [fields] = useState(() => givenFields ?? configuredFields())
  const id = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const inFlight = useRef(false)
  const [keys] = useState(createIdempotencyKeys)
  const [values, setValues] = useState<DemoRequestValues>({ ...emptyValues, ...initialValues })
  const [honeypot, setHoneypot] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const [toast, setToast] = useState<ToastMessage>()
  const [readyDue, setReadyDue] = useState(false)

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

  // The element's methods reach the form through its host; calls made before this ran waited.
  useEffect(() => {
    const handle: FormHandle = {
      prefill(given) {
        setValues((current) => ({ ...current, ...given }))
        // A message about a value that was just replaced no longer applies.
        setErrors((current) =>
          Object.fromEntries(Object.entries(current).filter(([field]) => !(field in given))),
        )
      },
      reset() {
        setValues(emptyValues)
        setHoneypot('')
        setErrors({})
        setToast(undefined)
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

  function showToast(
    variant: ToastMessage['variant'],
    copy: { title: string; description: string },
  ) {
    setToast({ variant, ...copy })
  }

  function handleChange(
    event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
  ) {
    const field = event.target.name as FormField
    const next = { ...values, [field]: event.target.value }
    setValues(next)
    // Once a message shows, it follows the value, so the visitor sees when the field is fixed.
    if (errors[field]) {
      const result = validateDemoRequest(next, fields)
      setErrors({ ...errors, [field]: result.success ? undefined : result.fields[field] })
    }
  }

  function focusField(field: string) {
    const element = formRef.current?.elements.namedItem(field)
    if (element instanceof HTMLElement) element.focus()
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // A ref, not state: a second click can arrive before React re-renders the disabled button.
    if (inFlight.current) return
    const result = validateDemoRequest(values, fields)
    if (!result.success) {
      setErrors(result.fields)
      const first = fieldOrder.find((field) => result.fields[field])
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
        website: honeypot,
        campaign: firstTouchCampaign(location.href),
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
      setValues(emptyValues)
      setHoneypot('')
      showToast('default', formCopy.success)
      emit('demo-request-success', { requestId: outcome.requestId })
      return
    }
    console.error('Demo request failed:', outcome.error)
    if (outcome.fields) setErrors(outcome.fields)
    showToast('destructive', formCopy.failure)
    emit('demo-request-error', { kind: outcome.kind })
  }

  function textField(field: Exclude<DemoRequestField, 'companySize'>, autoComplete: string) {
    const copy = formCopy.fields[field]
    return (
      <div className={classes.field}>
        <label className={classes.label} htmlFor={`${id}-${field}`} part="label">
          {copy.label}
        </label>
        <input
          id={`${id}-${field}`}
          part="input"
          className={classes.control}
          name={field}
          type="text"
          autoComplete={autoComplete}
          placeholder={copy.placeholder}
          maxLength={fieldLimits[field]}
          value={values[field]}
          onChange={handleChange}
          {...errorAttributes(field)}
        />
        {errorMessage(field)}
      </div>
    )
  }

  // A contact field, after the specification's four: its label says when it may stay empty.
  function contactField({ name, required }: ContactFieldSetting) {
    const copy = formCopy.contactFields[name]
    const control = {
      id: `${id}-${name}`,
      part: 'input',
      name,
      placeholder: copy.placeholder,
      maxLength: contactFieldLimits[name],
      value: values[name] ?? '',
      onChange: handleChange,
      ...errorAttributes(name),
    }
    return (
      <div className={classes.field} key={name}>
        <label className={classes.label} htmlFor={`${id}-${name}`} part="label">
          {required ? copy.label : `${copy.label} ${formCopy.optional}`}
        </label>
        {name === 'message' ? (
          <textarea className={`${classes.control} ${classes.textarea}`} {...control} />
        ) : (
          <input
            className={classes.control}
            type="text"
            autoComplete={copy.autoComplete}
            inputMode={copy.inputMode}
            {...control}
          />
        )}
        {errorMessage(name)}
      </div>
    )
  }

  const contact = (names: ContactField[]) =>
    fields.filter(({ name }) => names.includes(name)).map(contactField)

  function errorAttributes(field: FormField) {
    return errors[field]
      ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` }
      : { 'aria-invalid': false }
  }

  function errorMessage(field: FormField) {
    return (
      errors[field] && (
        <p
          className={classes.error}
          id={`${id}-${field}-error`}
          data-error-for={field}
          part="error"
        >
          {errors[field]}
        </p>
      )
    )
  }

  const sizeCopy = formCopy.fields.companySize
  return (
    <div className={classes.root} ref={rootRef}>
      <form
        ref={formRef}
        className={classes.form}
        part="form"
        aria-label={formCopy.label}
        noValidate
        onSubmit={handleSubmit}
        // The challenge is solved while the visitor types, so the click waits for nothing.
        onFocus={proofs.start}
      >
        <div className={classes.row}>
          {textField('firstName', 'given-name')}
          {textField('lastName', 'family-name')}
        </div>
        {contact(['email', 'phone'])}
        {textField('companyName', 'organization')}
        {contact(['role'])}
        <div className={classes.field}>
          <label className={classes.label} htmlFor={`${id}-companySize`} part="label">
            {sizeCopy.label}
          </label>
          <div className={classes.selectBox}>
            <select
              id={`${id}-companySize`}
              className={`${classes.control} ${classes.select}`}
              part="select"
              name="companySize"
              required
              value={values.companySize}
              onChange={handleChange}
              {...errorAttributes('companySize')}
            >
              <option value="">{sizeCopy.placeholder}</option>
              {companySizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
          {errorMessage('companySize')}
        </div>
        {contact(['message'])}
        <div className={classes.honeypot} aria-hidden="true">
          <label htmlFor={`${id}-website`}>{formCopy.honeypotLabel}</label>
          <input
            id={`${id}-website`}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(event) => setHoneypot(event.target.value)}
          />
        </div>
        <button className={classes.submit} part="submit" type="submit" disabled={submitting}>
          {submitting ? formCopy.submitting : formCopy.submit}
        </button>
        <p className={classes.notice}>
          {formCopy.privacy.text}{' '}
          <a href={privacyUrl || defaultPrivacyUrl()}>{formCopy.privacy.link}</a>
        </p>
      </form>
      <ToastRegion toast={toast} onDismiss={() => setToast(undefined)} />
    </div>
  )
}

// Events leave from the element when the form is in its shadow root, else from the form's root.
function eventTarget(root: HTMLElement | null): Element {
  const node = root?.getRootNode()
  return node instanceof ShadowRoot ? node.host : (root as HTMLElement)
}
