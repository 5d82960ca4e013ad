/// <reference types="mocha" />
import { createClient } from '@supabase/supabase-js'
import { expect } from 'chai'
import { createRoot, type Root } from 'react-dom/client'
import { parseFormFields } from '#core/contact-fields.ts'
import { formCopy } from '#core/form-copy.ts'
import type { NextStep } from '#core/next-step.ts'
import {
  fieldValues,
  fillValid,
  newRun,
  query,
  recordEvents,
  recordedRequests,
  standInUrl,
  submitButton,
  toast,
  typeInto,
} from '../../tests/browser/widget-harness.ts'
import { sampleContact, sampleLead } from '../../tests/support/sample-lead.ts'
import { waitUntil } from '../../tests/support/wait-until.ts'
import type { FunctionsInvoker } from '../submission/functions-client.ts'
import { DemoRequestForm } from './demo-request-form.tsx'
import type { DemoRequestFormProps } from './demo-request-form-props.ts'

// A client whose function asks no proof and answers every lead with `next`.
function routing(next: NextStep): FunctionsInvoker {
  return {
    invoke: (async (_name: string, options: { method?: string }) => {
      if (options.method === 'GET') return { data: { success: true, challenge: null }, error: null }
      return { data: { success: true, requestId: 'routed-1', next }, error: null }
    }) as FunctionsInvoker['invoke'],
  }
}

let host: HTMLElement
let reactRoot: Root

// The component as the element renders it: inside a shadow root, events leaving from its host.
async function render(props: DemoRequestFormProps) {
  host = document.createElement('div')
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  reactRoot = createRoot(shadow)
  reactRoot.render(<DemoRequestForm {...props} />)
  await waitUntil(() => shadow.querySelector('form'))
  return shadow
}

function silenceConsoleError() {
  const original = console.error
  console.error = () => {}
  return () => {
    console.error = original
  }
}

afterEach(() => {
  reactRoot.unmount()
  host.remove()
})

// Each way a page's script or a password manager may set a field, as the visitor then sees it.
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
const setBy = {
  plainWithInput(control: Control, value: string) {
    control.value = value
    control.dispatchEvent(new Event('input', { bubbles: true }))
  },
  plainWithChange(control: Control, value: string) {
    control.value = value
    control.dispatchEvent(new Event('change', { bubbles: true }))
  },
  plainAlone(control: Control, value: string) {
    control.value = value
  },
  nativeSetter(control: Control, value: string) {
    const prototype = Object.getPrototypeOf(control) as object
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value)
    control.dispatchEvent(new Event('input', { bubbles: true }))
  },
}

describe('DemoRequestForm', () => {
  it('sends what each field shows, however a script set it, and no re-render blanks one', async () => {
    const run = newRun()
    const root = await render({
      supabaseUrl: standInUrl('success', run),
      fields: parseFormFields('email,phone?,role,message?'),
    })
    const lead = { ...sampleLead, ...sampleContact }
    const how: Record<keyof typeof lead, keyof typeof setBy> = {
      firstName: 'plainWithInput',
      lastName: 'nativeSetter',
      companyName: 'plainAlone',
      companySize: 'plainWithChange',
      email: 'plainWithChange',
      phone: 'plainAlone',
      role: 'nativeSetter',
      message: 'plainWithInput',
    }
    const control = (name: string) => query<Control>(root, `[name="${name}"]`)
    const shown = () =>
      Object.fromEntries(Object.keys(lead).map((name) => [name, control(name).value]))
    for (const [name, value] of Object.entries(lead)) {
      setBy[how[name as keyof typeof lead]](control(name), name === 'email' ? 'ada@' : value)
    }
    // A refused send re-renders every field with its message, then the fix re-renders again.
    submitButton(root).click()
    await waitUntil(() => root.querySelector('[data-error-for="email"]'))
    expect(shown()).to.deep.equal({ ...lead, email: 'ada@' })
    setBy.plainWithInput(control('email'), lead.email)
    await waitUntil(() => !root.querySelector('[data-error-for="email"]'))
    expect(shown()).to.deep.equal(lead)
    submitButton(root).click()
    expect((await waitUntil(() => toast(root))).textContent).to.contain('Demo Request Submitted!')
    const [request] = await recordedRequests(run)
    expect(request?.body).to.include({ ...lead, phone: lead.phone })
  })

  it('gives up after its timeout and keeps the values', async () => {
    const root = await render({ supabaseUrl: standInUrl('pending', newRun()), timeoutMs: 300 })
    const events = recordEvents(host)
    const restore = silenceConsoleError()
    try {
      fillValid(root)
      submitButton(root).click()
      // Well past its 300 ms, well short of the default 15 s it must not be using.
      const shown = await waitUntil(() => toast(root), { timeoutMs: 10_000 })
      expect(shown.textContent).to.contain('Submission Failed')
    } finally {
      restore()
    }
    expect(fieldValues(root)).to.deep.equal(sampleLead)
    expect(events.at(-1)).to.deep.equal({ type: 'demo-request-error', detail: { kind: 'network' } })
  })

  it('shows the messages the server sends for its fields', async () => {
    const root = await render({ supabaseUrl: standInUrl('invalidFields', newRun()) })
    const restore = silenceConsoleError()
    try {
      fillValid(root)
      submitButton(root).click()
      await waitUntil(() => toast(root))
    } finally {
      restore()
    }
    expect(query(root, '[data-error-for="companyName"]').textContent).to.equal(
      'Company name is required',
    )
    expect(query(root, '[name="companyName"]').getAttribute('aria-invalid')).to.equal('true')
  })

  it('shows the shared schema messages for invisible and reordering text, and sends it clean', async () => {
    const run = newRun()
    const root = await render({ supabaseUrl: standInUrl('success', run) })
    const message = (field: string) => query(root, `[data-error-for="${field}"]`).textContent
    fillValid(root)
    typeInto(root, 'firstName', '\u200B\u200D\u200C')
    typeInto(root, 'lastName', 'Alice\u202Egnp.exe')
    typeInto(root, 'companyName', '--')
    submitButton(root).click()
    await waitUntil(() => root.querySelector('[data-error-for="firstName"]'))
    expect(message('firstName')).to.equal(formCopy.messages.firstName.required)
    expect(message('lastName')).to.equal(formCopy.anyField.directionControls)
    expect(message('companyName')).to.equal(formCopy.messages.companyName.letterOrDigit)
    expect(await recordedRequests(run)).to.have.length(0)

    typeInto(root, 'firstName', '\u200BZoe\u0308')
    typeInto(root, 'lastName', 'Love\u00ADlace')
    typeInto(root, 'companyName', 'Acme \uDC00')
    submitButton(root).click()
    expect((await waitUntil(() => toast(root))).textContent).to.contain('Demo Request Submitted!')
    const [request] = await recordedRequests(run)
    expect(request?.body).to.include({
      firstName: 'Zoë',
      lastName: 'Lovelace',
      companyName: 'Acme \uFFFD',
    })
  })

  it('calls a Functions client it is handed, such as a site-wide supabase.functions', async () => {
    const calls: unknown[][] = []
    const functions: FunctionsInvoker = {
      invoke: (async (...args: unknown[]) => {
        calls.push(args)
        // A challenge of no bits, which any counter solves.
        const challenge = `0.0.${'0'.repeat(32)}.${'0'.repeat(64)}`
        if ((args[1] as { method?: string }).method === 'GET') {
          return { data: { success: true, challenge }, error: null }
        }
        return { data: { success: true, requestId: 'from-client' }, error: null }
      }) as FunctionsInvoker['invoke'],
    }
    const root = await render({ functions, initialValues: sampleLead })
    const events = recordEvents(host)
    submitButton(root).click()
    await waitUntil(() => toast(root))
    expect(calls).to.have.length(2)
    expect(calls.map((call) => call[0])).to.deep.equal(['send-demo-request', 'send-demo-request'])
    expect(calls[1]?.[1]).to.have.nested.property('headers.Proof-Of-Work')
    expect(events.at(-1)).to.deep.equal({
      type: 'demo-request-success',
      detail: { requestId: 'from-client' },
    })
  })

  it('sends through the full supabase-js client of docs/requirements.md#backend-client, when a site hands it over', async () => {
    const run = newRun()
    // As docs/requirements.md#backend-client configures it: anon key, session in local storage, persisted, refreshed.
    const supabase = createClient(standInUrl('success', run), 'site-anon-key', {
      auth: { storage: localStorage, persistSession: true, autoRefreshToken: true },
    })
    const root = await render({ functions: supabase.functions, initialValues: sampleLead })
    submitButton(root).click()
    expect((await waitUntil(() => toast(root))).textContent).to.contain('Demo Request Submitted!')
    const [request, ...more] = await recordedRequests(run)
    expect(more).to.have.length(0)
    expect(request?.headers.apikey).to.equal('site-anon-key')
    expect(request?.headers.authorization).to.equal('Bearer site-anon-key')
    expect(request?.headers['idempotency-key']).to.match(/^[0-9a-f-]{36}$/)
    await supabase.auth.stopAutoRefresh()
  })

  it('leaves a toast on its own after its duration', async () => {
    const root = await render({
      supabaseUrl: standInUrl('success', newRun()),
      toastDurationMs: 200,
    })
    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => toast(root))
    // Well past its 200 ms, short of the default 6 s it must not be using.
    await waitUntil(() => !toast(root), { timeoutMs: 4000 })
  })

  it("puts a route's message in the form's place, with the toast, and Close brings the form back", async () => {
    const text = "Thanks! We'll email you a short product tour."
    const root = await render({
      functions: routing({ kind: 'message', text }),
      initialValues: sampleLead,
    })
    submitButton(root).click()
    const panel = await waitUntil(() => root.querySelector('section[part="booking"]'))
    expect((await waitUntil(() => toast(root))).textContent).to.contain('Demo Request Submitted!')
    expect(panel.textContent).to.contain(text)
    const heading = query(root, 'h2')
    expect(heading.textContent).to.equal(formCopy.booking.messageHeading)
    // Where the heading takes the focus is checked in Chromium (tests/e2e/booking.e2e.ts): WebKit's
    // driver runs two files at once, and the one in a frame without focus takes none.
    const form = query(root, 'form')
    expect(getComputedStyle(form).display).to.equal('none')
    expect(fieldValues(root)).to.deep.equal({
      firstName: '',
      lastName: '',
      companyName: '',
      companySize: '',
    })
    query<HTMLButtonElement>(panel, 'button').click()
    await waitUntil(() => !root.querySelector('section[part="booking"]'))
    expect(getComputedStyle(form).display).to.equal('grid')
  })

  it('offers a booking page of another scheduler as a link that opens in a new tab', async () => {
    const url = 'https://outlook.example/bookwithme/acme?name=Ada'
    const root = await render({
      functions: routing({ kind: 'link', url }),
      initialValues: sampleLead,
    })
    submitButton(root).click()
    const link = await waitUntil(() =>
      root.querySelector<HTMLAnchorElement>('section[part="booking"] a'),
    )
    expect(link.href).to.equal(url)
    expect(link.target).to.equal('_blank')
    expect(root.querySelector('iframe')).to.equal(null)
  })

  it('shows no panel when the reply carries no next step, as without routes', async () => {
    const run = newRun()
    const root = await render({
      supabaseUrl: standInUrl('success', run),
      initialValues: sampleLead,
    })
    submitButton(root).click()
    await waitUntil(() => toast(root))
    expect(root.querySelector('section[part="booking"]')).to.equal(null)
    expect(getComputedStyle(query(root, 'form')).display).to.equal('grid')
  })
})
