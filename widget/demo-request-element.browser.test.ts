/// <reference types="mocha" />
import { expect } from 'chai'
import { createElement } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { formCopy } from '#core/form-copy.ts'
import { staticFormTemplate } from '../src/form/static-form.ts'
import { createFunctionsClient, type FunctionsInvoker } from '../src/submission/functions-client.ts'
import {
  fieldValues,
  fillValid,
  mountElement,
  newRun,
  query,
  recordEvents,
  recordedRequests,
  type Scenario,
  standInUrl,
  submitButton,
  toast,
  typeInto,
} from '../tests/browser/widget-harness.ts'
import { standInRequestId } from '../tests/support/function-replies.js'
import { sampleLead } from '../tests/support/sample-lead.ts'
import { waitUntil } from '../tests/support/wait-until.ts'
import { DemoRequestElement } from './demo-request-element.ts'
import './define.ts'
import { elementAttributes, elementCssParts } from './element-api.ts'

const anonKey = 'test-anon-key'

async function mount(scenario: Scenario, run = newRun(), extra: Record<string, string> = {}) {
  const element = await mountElement({
    'supabase-url': standInUrl(scenario, run),
    'anon-key': anonKey,
    ...extra,
  })
  return { element, root: element.shadowRoot as ShadowRoot, run }
}

function captureConsoleErrors() {
  const original = console.error
  const calls: unknown[][] = []
  console.error = (...args: unknown[]) => {
    calls.push(args)
  }
  return { calls, restore: () => (console.error = original) }
}

/**
 * Sends what the form holds and expects it to be the sample lead and the run's only request.
 * This proves that the submits before it sent nothing: the form sends one request at a time,
 * so anything they had sent would have been recorded first.
 */
/**
 * Waits until the form has rendered what was set on `element` until now: r2wc renders a change
 * in a later task, and a field's value renders nothing (it stays in the control), so a send in
 * this task would still use the form's last props. A privacy-url set last shows when it has.
 */
async function renderedAgain(element: HTMLElement, root: ShadowRoot) {
  const privacy = `${location.origin}/privacy-${newRun()}`
  element.setAttribute('privacy-url', privacy)
  await waitUntil(() => query<HTMLAnchorElement>(root, 'form a').href === privacy)
}

async function expectOnlySampleSent(root: ShadowRoot, run: string) {
  submitButton(root).click()
  await waitUntil(() => toast(root))
  const requests = await recordedRequests(run)
  expect(requests).to.have.length(1)
  expect(requests[0]?.body).to.include(sampleLead)
}

afterEach(() => {
  for (const element of document.querySelectorAll('demo-request')) element.remove()
})

describe('<demo-request>', () => {
  it('is defined by importing define.ts', () => {
    const element = document.createElement('demo-request')
    expect(element).to.be.instanceOf(customElements.get('demo-request'))
  })

  it('renders the form in an open shadow root with labels, placeholders and hints', async () => {
    const { element, root } = await mount('success')
    expect(element.shadowRoot).to.equal(root)
    expect(element.querySelector('form'), 'nothing in the light DOM').to.equal(null)
    const labels = [...root.querySelectorAll('label')].map((label) => label.textContent)
    expect(labels).to.include.members(['First Name', 'Last Name', 'Company Name', 'Company Size'])
    for (const [name, autocomplete] of [
      ['firstName', 'given-name'],
      ['lastName', 'family-name'],
      ['companyName', 'organization'],
    ] as const) {
      const input = query<HTMLInputElement>(root, `[name="${name}"]`)
      expect(input.placeholder).to.equal(formCopy.fields[name].placeholder)
      expect(input.autocomplete).to.equal(autocomplete)
      expect(query(root, `label[for="${input.id}"]`).textContent).to.equal(
        formCopy.fields[name].label,
      )
    }
    const options = [...query<HTMLSelectElement>(root, 'select').options].map((o) => o.text)
    expect(options).to.deep.equal([
      'Select company size',
      '1-5 employees',
      '6-50 employees',
      '50-200 employees',
      '200+ employees',
    ])
    expect(submitButton(root).textContent).to.equal('Request Demo')
    expect(query(root, '[role="status"][aria-live="polite"]').textContent).to.equal('')
  })

  it('shows all four messages on an empty submit, focuses the first field and sends nothing', async () => {
    const { element, root, run } = await mount('success')
    const events = recordEvents(element)
    submitButton(root).click()
    await waitUntil(() => root.querySelectorAll('[data-error-for]').length === 4)
    const messages = [...root.querySelectorAll('[data-error-for]')].map((node) => node.textContent)
    expect(messages).to.deep.equal([
      'First name is required',
      'Last name is required',
      'Company name is required',
      'Please select company size',
    ])
    for (const name of ['firstName', 'lastName', 'companyName', 'companySize']) {
      const field = query(root, `[name="${name}"]`)
      const message = query(root, `[data-error-for="${name}"]`)
      expect(field.getAttribute('aria-invalid')).to.equal('true')
      expect(field.getAttribute('aria-describedby')).to.equal(message.id)
    }
    expect(root.activeElement).to.equal(query(root, '[name="firstName"]'))
    expect(events).to.deep.equal([{ type: 'demo-request-error', detail: { kind: 'validation' } }])
    fillValid(root)
    await expectOnlySampleSent(root, run)
  })

  it('counts whitespace as empty and keeps what was typed', async () => {
    const { root, run } = await mount('success')
    fillValid(root)
    typeInto(root, 'lastName', '   ')
    submitButton(root).click()
    await waitUntil(() => root.querySelector('[data-error-for]'))
    expect(
      [...root.querySelectorAll('[data-error-for]')].map((node) => node.textContent),
    ).to.deep.equal(['Last name is required'])
    expect(root.activeElement).to.equal(query(root, '[name="lastName"]'))
    expect(fieldValues(root)).to.deep.equal({ ...sampleLead, lastName: '   ' })
    typeInto(root, 'lastName', sampleLead.lastName)
    await waitUntil(() => !root.querySelector('[data-error-for]'))
    await expectOnlySampleSent(root, run)
  })

  it('sends a solved proof of work, and on its refusal posts once more with a fresh one', async () => {
    const { element, root, run } = await mount('proofRefusedOnce')
    const events = recordEvents(element)
    fillValid(root)
    submitButton(root).click()
    const shown = await waitUntil(() => toast(root))
    expect(shown.dataset.variant).to.equal('default')
    expect(events.map((event) => event.type)).to.deep.equal([
      'demo-request-submit',
      'demo-request-success',
    ])
    const requests = await recordedRequests(run)
    const proofs = requests.map((request) => request.headers['proof-of-work'] ?? '')
    expect(proofs).to.have.length(2)
    expect(proofs[0]).not.to.equal(proofs[1])
    // The same submission: the retry carries the first POST's key and body.
    expect(requests[1]?.headers['idempotency-key']).to.equal(
      requests[0]?.headers['idempotency-key'],
    )
    for (const proof of proofs) {
      // The stand-in's challenges ask 4 bits: the hash of the proof starts with a zero nibble.
      const hash = new Uint8Array(
        await crypto.subtle.digest('SHA-256', new TextEncoder().encode(proof)),
      )
      expect(proof).to.match(/^\d+\.4\.[0-9a-f]{32}\.[0-9a-f]{64}\.\d+$/)
      expect(hash[0] as number).to.be.below(16)
    }
  })

  it('disables the button and reads "Submitting..." while the request is in flight', async () => {
    const { root } = await mount('slowSuccess')
    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => submitButton(root).disabled)
    expect(submitButton(root).textContent).to.equal('Submitting...')
    await waitUntil(() => !submitButton(root).disabled)
    expect(submitButton(root).textContent).to.equal('Request Demo')
  })

  it('posts the lead as supabase-js does, then confirms and clears the form', async () => {
    const { element, root, run } = await mount('success', newRun(), { source: 'partner-a' })
    const events = recordEvents(element)
    fillValid(root)
    submitButton(root).click()
    const shown = await waitUntil(() => toast(root))
    expect(shown.textContent).to.contain('Demo Request Submitted!')
    expect(shown.textContent).to.contain("Thank you for your interest. We'll be in touch soon.")
    expect(shown.dataset.variant).to.equal('default')
    expect(fieldValues(root)).to.deep.equal({
      firstName: '',
      lastName: '',
      companyName: '',
      companySize: '',
    })

    const [request, ...more] = await recordedRequests(run)
    expect(more).to.have.length(0)
    expect(request?.body).to.deep.equal({
      ...sampleLead,
      source: 'partner-a',
      pageUrl: location.href,
      referrer: document.referrer,
      website: '',
      // The language the visitor read: the page says none, so English (page-language.ts).
      language: 'en',
    })
    expect(request?.headers.apikey).to.equal(anonKey)
    expect(request?.headers.authorization).to.equal(`Bearer ${anonKey}`)
    expect(request?.headers['content-type']).to.equal('application/json')
    expect(request?.headers['idempotency-key']).to.match(/^[0-9a-f-]{36}$/)

    expect(events.map((event) => event.type)).to.deep.equal([
      'demo-request-submit',
      'demo-request-success',
    ])
    expect(events[1]?.detail).to.have.all.keys('requestId')
    expect(events[1]?.detail).to.deep.equal({ requestId: standInRequestId })
  })

  it('tidies an untidy source attribute rather than lose the lead to it', async () => {
    const { root, run } = await mount('success', newRun(), {
      source: `\n  Acme\tPartners\n${'x'.repeat(200)}`,
    })
    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => toast(root))
    const [request] = await recordedRequests(run)
    expect(request?.body.source).to.match(/^Acme Partners x+$/)
    expect(String(request?.body.source)).to.have.length(100)
  })

  const failures: Array<[Scenario, 'server' | 'network']> = [
    ['serverError', 'server'],
    ['unsuccessful', 'server'],
    ['noFlag', 'server'],
    ['network', 'network'],
  ]
  for (const [scenario, kind] of failures) {
    it(`shows the failure toast and keeps the values on ${scenario}`, async () => {
      const { element, root } = await mount(scenario)
      const events = recordEvents(element)
      const errors = captureConsoleErrors()
      try {
        fillValid(root)
        submitButton(root).click()
        const shown = await waitUntil(() => toast(root))
        expect(shown.textContent).to.contain('Submission Failed')
        expect(shown.textContent).to.contain(
          'There was an error submitting your request. Please try again.',
        )
        expect(shown.dataset.variant).to.equal('destructive')
        expect(fieldValues(root)).to.deep.equal(sampleLead)
        expect(submitButton(root).disabled).to.equal(false)
        expect(errors.calls).to.have.length(1)
        expect(String(errors.calls[0]?.[0])).to.contain('Demo request failed')
      } finally {
        errors.restore()
      }
      expect(events).to.deep.equal([
        { type: 'demo-request-submit', detail: {} },
        { type: 'demo-request-error', detail: { kind } },
      ])
    })
  }

  it('retries the same submission with the same idempotency key, a changed one with a new key', async () => {
    const run = newRun()
    const { element, root } = await mount('serverError', run)
    const errors = captureConsoleErrors()
    try {
      fillValid(root)
      submitButton(root).click()
      await waitUntil(() => toast(root))
      submitButton(root).click()
      await waitUntil(async () => (await recordedRequests(run)).length === 2)
      typeInto(root, 'companyName', 'Another Firm LLP')
      await waitUntil(() => !submitButton(root).disabled)
      submitButton(root).click()
      await waitUntil(() => errors.calls.length === 3)
    } finally {
      errors.restore()
    }
    const keys = (await recordedRequests(run)).map((request) => request.headers['idempotency-key'])
    expect(keys).to.have.length(3)
    expect(keys[0]).to.equal(keys[1])
    expect(keys[2]).to.not.equal(keys[0])
    element.remove()
  })

  it('sends one request for a double click', async () => {
    const { root, run } = await mount('slowSuccess')
    fillValid(root)
    submitButton(root).click()
    submitButton(root).click()
    query<HTMLFormElement>(root, 'form').requestSubmit()
    await waitUntil(() => toast(root))
    expect(await recordedRequests(run)).to.have.length(1)
  })

  it('lets events bubble out of the shadow root with no personal data', async () => {
    const { root } = await mount('success')
    const seen = recordEvents(document)
    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => seen.length === 2)
    const text = JSON.stringify(seen)
    for (const value of Object.values(sampleLead)) expect(text).to.not.contain(value)
  })

  it('can be dismissed, and leaves on its own', async () => {
    const { root } = await mount('success')
    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => toast(root))
    query<HTMLButtonElement>(root, `button[aria-label="${formCopy.dismiss}"]`).click()
    await waitUntil(() => !toast(root))
    expect(query(root, '[role="status"]').textContent).to.equal('')
  })

  it('keeps host-page CSS out, and its own CSS in', async () => {
    const hostStyle = document.createElement('style')
    hostStyle.textContent = `
      * { color: rgb(255, 0, 0) !important; font-family: cursive !important; }
      button { background: rgb(0, 128, 0) !important; }
      input, select { border: 7px dashed rgb(0, 0, 255) !important; }
      form, label { display: none !important; }
    `
    document.head.append(hostStyle)
    const lightButton = document.createElement('button')
    document.body.append(lightButton)
    try {
      const { root } = await mount('success')
      const input = query<HTMLInputElement>(root, '[name="firstName"]')
      const button = submitButton(root)
      expect(getComputedStyle(query(root, 'form')).display).to.equal('grid')
      expect(getComputedStyle(input).borderTopWidth).to.equal('1px')
      expect(getComputedStyle(button).backgroundColor).to.equal('rgb(27, 42, 74)')
      expect(getComputedStyle(query(root, 'label')).color).to.equal('rgb(17, 24, 39)')
      expect(getComputedStyle(input).fontFamily).to.not.contain('cursive')
      // And nothing of the widget's reaches the page.
      expect(document.adoptedStyleSheets).to.have.length(0)
      expect(document.querySelectorAll('style')).to.have.length(1)
      expect(getComputedStyle(lightButton).backgroundColor).to.equal('rgb(0, 128, 0)')
    } finally {
      hostStyle.remove()
      lightButton.remove()
    }
  })

  it('takes its theme from --demo-request-* custom properties', async () => {
    const { element, root } = await mount('success')
    element.style.setProperty('--demo-request-color-primary', 'rgb(120, 20, 60)')
    element.style.setProperty('--demo-request-radius', '0px')
    const button = submitButton(root)
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(120, 20, 60)')
    expect(getComputedStyle(button).borderTopLeftRadius).to.equal('0px')
  })

  it('follows attribute changes', async () => {
    const firstRun = newRun()
    const secondRun = newRun()
    const { element, root } = await mount('success', firstRun)
    element.setAttribute('supabase-url', standInUrl('success', secondRun))
    await renderedAgain(element, root)
    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => toast(root))
    expect(await recordedRequests(firstRun)).to.have.length(0)
    expect(await recordedRequests(secondRun)).to.have.length(1)
  })
})

describe('the documented element API', () => {
  it('lists exactly the attributes the element observes', () => {
    const observed = (
      customElements.get('demo-request') as unknown as { observedAttributes: string[] }
    ).observedAttributes
    // r2wc observes an attribute for every prop; `functions` ignores it (a property only).
    const attributes = observed.filter((name) => name !== 'functions')
    expect(attributes.sort()).to.deep.equal(elementAttributes.map((a) => a.name).sort())
  })
})

describe('<demo-request> privacy notice', () => {
  it('links the line under the button to privacy-url', async () => {
    const { root } = await mount('success', newRun(), {
      'privacy-url': 'https://example.com/privacy',
    })
    const notice = query(root, 'form > p:last-child')
    expect(notice.textContent).to.equal(`${formCopy.privacy.text} ${formCopy.privacy.link}`)
    expect(query<HTMLAnchorElement>(notice, 'a').href).to.equal('https://example.com/privacy')
  })

  it("defaults to /privacy on the page's own origin", async () => {
    const { root } = await mount('success')
    expect(query<HTMLAnchorElement>(root, 'form a').href).to.equal(`${location.origin}/privacy`)
  })
})

describe('<demo-request> functions property', () => {
  it('sends through the Functions client it is handed, not one of its own', async () => {
    const attributesRun = newRun()
    const handedRun = newRun()
    const { element, root } = await mount('success', attributesRun)
    const handed = createFunctionsClient(standInUrl('success', handedRun), 'handed-key')
    const calls: string[] = []
    const spy: FunctionsInvoker = {
      invoke: (name, options) => {
        calls.push(`${options?.method ?? 'POST'} ${name}`)
        return handed.invoke(name, options)
      },
    }
    ;(element as DemoRequestElement).functions = spy
    await renderedAgain(element, root)
    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => toast(root))
    // The challenge for the proof of work, then the lead.
    expect(calls).to.deep.equal(['GET send-demo-request', 'POST send-demo-request'])
    expect(await recordedRequests(attributesRun)).to.have.length(0)
    const [request] = await recordedRequests(handedRun)
    expect(request?.headers.apikey).to.equal('handed-key')
  })
})

describe('<demo-request> over a prerendered form', () => {
  // A tag of its own: the prerendered markup must be parsed before the tag is defined, as on a
  // page whose script arrives after its HTML.
  class PrerenderedDemoRequest extends DemoRequestElement {}

  it('keeps the static form until React renders, then shows only the live one', async () => {
    const host = document.createElement('div')
    host.setHTMLUnsafe(
      `<demo-request-prerendered>${staticFormTemplate({ privacyUrl: '/privacy' })}</demo-request-prerendered>`,
    )
    document.body.append(host)
    const element = host.firstElementChild as HTMLElement
    const root = element.shadowRoot as ShadowRoot
    expect(root.querySelector('[data-static-form]'), 'the parser attached it').to.not.equal(null)
    const before = element.getBoundingClientRect()

    // Every change to the root, as it happens: the static form must never leave an empty root.
    const contents: string[][] = []
    new MutationObserver(() => {
      contents.push([...root.children].map((child) => child.localName))
    }).observe(root, { childList: true })

    PrerenderedDemoRequest.define('demo-request-prerendered')
    expect(element.shadowRoot, 'the same root, not emptied').to.equal(root)
    expect(root.querySelector('[data-static-form]')).to.not.equal(null)
    await waitUntil(() => !root.querySelector('[data-static-form]'))

    expect(root.querySelectorAll('form')).to.have.length(1)
    expect(root.querySelector('style'), 'the static CSS left with it').to.equal(null)
    expect(contents.every((children) => children.includes('div'))).to.equal(true)
    const after = element.getBoundingClientRect()
    expect({ width: after.width, height: after.height }).to.deep.equal({
      width: before.width,
      height: before.height,
    })
    host.remove()
  })

  it('keeps what was typed into the static form, with the focus and the caret', async () => {
    const host = document.createElement('div')
    host.setHTMLUnsafe(
      `<demo-request-typed>${staticFormTemplate({ privacyUrl: '/privacy' })}</demo-request-typed>`,
    )
    document.body.append(host)
    const element = host.firstElementChild as HTMLElement
    const root = element.shadowRoot as ShadowRoot
    const field = (name: string) =>
      query<HTMLInputElement & HTMLSelectElement>(root, `[data-static-form] [name="${name}"]`)
    field('firstName').value = sampleLead.firstName
    field('companySize').value = sampleLead.companySize
    field('lastName').value = 'Lovelace'
    field('lastName').focus()
    field('lastName').setSelectionRange(2, 4)

    class TypedDemoRequest extends DemoRequestElement {}
    TypedDemoRequest.define('demo-request-typed')
    await waitUntil(() => !root.querySelector('[data-static-form]'))

    const live = (name: string) => query<HTMLInputElement>(root, `form [name="${name}"]`)
    expect(live('firstName').value).to.equal(sampleLead.firstName)
    expect(live('companySize').value).to.equal(sampleLead.companySize)
    expect(live('lastName').value).to.equal('Lovelace')
    expect(root.activeElement).to.equal(live('lastName'))
    expect([live('lastName').selectionStart, live('lastName').selectionEnd]).to.deep.equal([2, 4])
    host.remove()
  })
})

describe('<demo-request> leaving the page', () => {
  it('keeps what was typed when moved, and unmounts when removed', async () => {
    const { element, root, run } = await mount('success')
    typeInto(root, 'firstName', sampleLead.firstName)
    const elsewhere = document.createElement('section')
    document.body.append(elsewhere)
    elsewhere.append(element)
    // Only a form still mounted, still holding the first name, can send the whole lead and show
    // its answer; one unmounted by the move would never show the toast.
    for (const name of ['lastName', 'companyName', 'companySize'] as const) {
      typeInto(root, name, sampleLead[name])
    }
    await expectOnlySampleSent(root, run)
    element.remove()
    await waitUntil(() => root.childElementCount === 0)
    elsewhere.remove()
  })

  it('can be removed by a host page rendering with React', async () => {
    const errors = captureConsoleErrors()
    const container = document.createElement('div')
    document.body.append(container)
    const hostRoot = createRoot(container)
    try {
      flushSync(() => hostRoot.render(createElement('demo-request', { source: 'host' })))
      const element = container.querySelector('demo-request') as HTMLElement
      await waitUntil(() => element.shadowRoot?.querySelector('form'))
      flushSync(() => hostRoot.render(null))
      await waitUntil(() => element.shadowRoot?.childElementCount === 0)
    } finally {
      errors.restore()
      hostRoot.unmount()
      container.remove()
    }
    expect(errors.calls.map((args) => String(args[0]))).to.deep.equal([])
  })
})

describe('<demo-request> keys', () => {
  it('sends a publishable key in apikey only, and prefers it to anon-key', async () => {
    const { root, run } = await mount('success', newRun(), {
      'publishable-key': 'sb_publishable_test',
    })
    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => toast(root))
    const [request] = await recordedRequests(run)
    expect(request?.headers.apikey).to.equal('sb_publishable_test')
    expect(request?.headers).to.not.have.property('authorization')
  })
})

describe('<demo-request> campaign', () => {
  afterEach(() => {
    history.replaceState(null, '', location.pathname)
    // The instance's own, defined below, gives way to Document.prototype's again.
    delete (document as { referrer?: string }).referrer
  })

  // A page of this origin that the visitor came from, as `document.referrer` names it.
  const cameFrom = (address: string) =>
    Object.defineProperty(document, 'referrer', {
      value: new URL(address, location.href).href,
      configurable: true,
    })

  it("sends the address's utm_* parameters over those of the page before, and keeps none", async () => {
    cameFrom('/landing?utm_source=newsletter&utm_campaign=december')
    history.replaceState(null, '', '?utm_source=google&utm_medium=cpc&utm_campaign=injury-2026')
    const { root, run } = await mount('success')
    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => toast(root))
    const [request] = await recordedRequests(run)
    expect(request?.body).to.include({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'injury-2026',
      pageUrl: location.href,
    })
    expect(request?.body).to.not.have.any.keys('utmTerm', 'utmContent')
    expect([sessionStorage.length, localStorage.length]).to.deep.equal([0, 0])
  })

  it("sends the campaign of the page before on this origin when the address has none, never another origin's", async () => {
    cameFrom('/landing?utm_source=search&utm_campaign=defense-firms')
    const { root, run } = await mount('success')
    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => toast(root))
    cameFrom('https://news.example/story?utm_source=twitter')
    fillValid(root)
    submitButton(root).click()
    const [same, other] = await waitUntil(async () => {
      const requests = await recordedRequests(run)
      return requests.length > 1 && requests
    })
    expect(same?.body).to.include({ utmSource: 'search', utmCampaign: 'defense-firms' })
    expect(other?.body).to.not.have.any.keys('utmSource', 'utmCampaign')
  })
})

describe('<demo-request> demo-request-ready', () => {
  it('fires once, bubbling out of the shadow root, when the form takes input', async () => {
    const element = document.createElement('demo-request')
    element.setAttribute('supabase-url', standInUrl('success', newRun()))
    const seen: Array<{ composed: boolean; bubbles: boolean; form: boolean; target: EventTarget }> =
      []
    const listener = (event: Event) => {
      const input = element.shadowRoot?.querySelector<HTMLInputElement>('[name="firstName"]')
      seen.push({
        composed: event.composed,
        bubbles: event.bubbles,
        form: Boolean(input && !input.disabled),
        target: event.target as EventTarget,
      })
    }
    document.addEventListener('demo-request-ready', listener)
    try {
      document.body.append(element)
      await waitUntil(() => seen.length === 1)
      // Moved: the same form, and no second event. A submission's reply comes after anything
      // the move could have set off (a remount would have rendered, and fired, before it).
      const form = element.shadowRoot?.querySelector('form')
      const elsewhere = document.createElement('section')
      document.body.append(elsewhere)
      elsewhere.append(element)
      fillValid(element.shadowRoot as ShadowRoot)
      submitButton(element.shadowRoot as ShadowRoot).click()
      await waitUntil(() => toast(element.shadowRoot as ShadowRoot))
      expect(element.shadowRoot?.querySelector('form')).to.equal(form)
      expect(seen).to.deep.equal([{ composed: true, bubbles: true, form: true, target: element }])
      // Removed, then added again: a new form, which the methods reach, and still no second event.
      elsewhere.remove()
      await waitUntil(() => element.shadowRoot?.childElementCount === 0)
      document.body.append(element)
      const root = element.shadowRoot as ShadowRoot
      await waitUntil(() => root.querySelector('form'))
      ;(element as DemoRequestElement).prefill({ firstName: 'Ada' })
      await waitUntil(() => fieldValues(root).firstName === 'Ada')
      expect(seen).to.have.length(1)
      element.remove()
    } finally {
      document.removeEventListener('demo-request-ready', listener)
    }
  })
})

describe('<demo-request> prefill() and reset()', () => {
  const prefill = (element: HTMLElement, values: unknown) =>
    (element as DemoRequestElement).prefill(values as never)

  it('applies calls made before the form was ready, in order, before demo-request-ready', async () => {
    const element = document.createElement('demo-request') as DemoRequestElement
    element.setAttribute('supabase-url', standInUrl('success', newRun()))
    element.prefill({ firstName: 'Grace', companyName: 'Hopper LLP' })
    element.reset()
    element.prefill({ ...sampleLead })
    let atReady: Record<string, string> | undefined
    element.addEventListener('demo-request-ready', () => {
      atReady = fieldValues(element.shadowRoot as ShadowRoot)
    })
    document.body.append(element)
    await waitUntil(() => atReady)
    expect(atReady).to.deep.equal(sampleLead)
  })

  it('fills the given fields, cleaned and cut as typed text is, and sends them', async () => {
    const { element, root, run } = await mount('success')
    typeInto(root, 'lastName', 'Kept')
    prefill(element, {
      firstName: '  Ada\u200B ',
      companyName: `${'x'.repeat(250)}`,
      companySize: '200+ employees',
    })
    await waitUntil(() => fieldValues(root).firstName === 'Ada')
    expect(fieldValues(root)).to.deep.equal({
      firstName: 'Ada',
      lastName: 'Kept',
      companyName: 'x'.repeat(200),
      companySize: '200+ employees',
    })
    prefill(element, { ...sampleLead })
    await waitUntil(() => fieldValues(root).lastName === sampleLead.lastName)
    await expectOnlySampleSent(root, run)
  })

  it('throws for a size not offered, an unknown field or a non-string, and applies nothing', async () => {
    const { element, root } = await mount('success')
    expect(() => prefill(element, { firstName: 'Ada', companySize: '5000+' })).to.throw(
      RangeError,
      /companySize must be one of "1-5 employees"/,
    )
    expect(() => prefill(element, { email: 'ada@example.com' })).to.throw(TypeError, /"email"/)
    expect(() => prefill(element, { firstName: 7 })).to.throw(TypeError, /firstName/)
    expect(() => prefill(element, null)).to.throw(TypeError)
    // Calls apply in order: once a later one shows, the refused ones would have too.
    prefill(element, { lastName: 'Later' })
    await waitUntil(() => fieldValues(root).lastName === 'Later')
    expect(fieldValues(root).firstName).to.equal('')
    expect(fieldValues(root).companySize).to.equal('')
  })

  it('clears a message for a field it fills', async () => {
    const { element, root } = await mount('success')
    submitButton(root).click()
    await waitUntil(() => root.querySelectorAll('[data-error-for]').length === 4)
    prefill(element, { firstName: 'Ada' })
    await waitUntil(() => root.querySelectorAll('[data-error-for]').length === 3)
    expect(root.querySelector('[data-error-for="firstName"]')).to.equal(null)
  })

  it('reset() empties the values and removes the messages and the toast', async () => {
    const { element, root } = await mount('serverError')
    const errors = captureConsoleErrors()
    try {
      fillValid(root)
      submitButton(root).click()
      await waitUntil(() => toast(root))
    } finally {
      errors.restore()
    }
    typeInto(root, 'firstName', '')
    submitButton(root).click()
    await waitUntil(() => root.querySelector('[data-error-for]'))
    ;(element as DemoRequestElement).reset()
    await waitUntil(() => !toast(root) && !root.querySelector('[data-error-for]'))
    expect(fieldValues(root)).to.deep.equal({
      firstName: '',
      lastName: '',
      companyName: '',
      companySize: '',
    })
  })
})

describe('<demo-request> ::part() names', () => {
  it('exposes every documented part, and host-page CSS styles them', async () => {
    const style = document.createElement('style')
    style.textContent = `
      demo-request::part(submit) { background-color: rgb(1, 2, 3); }
      demo-request::part(label) { color: rgb(4, 5, 6); }
      demo-request::part(toast) { outline: 3px solid rgb(7, 8, 9); }
    `
    document.head.append(style)
    try {
      const { root } = await mount('success')
      submitButton(root).click()
      await waitUntil(() => root.querySelector('[data-error-for]'))
      fillValid(root)
      submitButton(root).click()
      await waitUntil(() => toast(root))
      // The messages left with a valid submit; show one again for the error part.
      typeInto(root, 'firstName', '')
      submitButton(root).click()
      await waitUntil(() => root.querySelector('[data-error-for]'))
      const parts = new Set(
        [...root.querySelectorAll('[part]')].flatMap((node) =>
          (node.getAttribute('part') ?? '').split(' '),
        ),
      )
      expect([...parts].sort()).to.deep.equal(elementCssParts.map(({ name }) => name).sort())
      expect(query(root, '[part="form"]').localName).to.equal('form')
      expect(root.querySelectorAll('input[part="input"]')).to.have.length(3)
      expect(query(root, '[part="select"]').localName).to.equal('select')
      expect(getComputedStyle(submitButton(root)).backgroundColor).to.equal('rgb(1, 2, 3)')
      expect(getComputedStyle(query(root, 'label')).color).to.equal('rgb(4, 5, 6)')
      expect(getComputedStyle(query(root, '[part="toast"]')).outlineColor).to.equal('rgb(7, 8, 9)')
    } finally {
      style.remove()
    }
  })

  it('names the same parts on the same elements in the prerendered form', async () => {
    const { root } = await mount('success')
    const live = [...query(root, 'form').querySelectorAll('[part]')].map(
      (node) => `${node.localName}:${node.getAttribute('part')}`,
    )
    const template = document.createElement('template')
    template.innerHTML = staticFormTemplate({ privacyUrl: '/privacy' }).replace(
      /^<template[^>]*>|<\/template>$/g,
      '',
    )
    const prerendered = [...template.content.querySelectorAll('form [part]')].map(
      (node) => `${node.localName}:${node.getAttribute('part')}`,
    )
    expect(query(template.content, 'form').getAttribute('part')).to.equal('form')
    expect(prerendered).to.deep.equal(live)
  })
})
