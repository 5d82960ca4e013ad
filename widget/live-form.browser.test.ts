/// <reference types="mocha" />
import { expect } from 'chai'
import { createElement, Fragment } from 'react'
import { createRoot } from 'react-dom/client'
import { staticForm } from '../src/form/static-form.ts'
import type { FunctionsInvoker } from '../src/submission/functions-client.ts'
import { fillValid, standInUrl, submitButton, toast } from '../tests/browser/widget-harness.ts'
import { sampleLead } from '../tests/support/sample-lead.ts'
import { waitUntil } from '../tests/support/wait-until.ts'
import { ElementForm } from './element-form.tsx'
import type { LoaderElement } from './hand-over.ts'
import { mountLiveForm } from './live-form.tsx'

// The hand-over alone, from source: an element with the loader's static form in its shadow root
// (the loader itself is tested as built, in tests/e2e/loader.e2e.ts).
class HostElement extends HTMLElement {
  functions: FunctionsInvoker | undefined
}
customElements.define('live-form-host', HostElement)

function paintedHost(attributes: Record<string, string> = {}) {
  const host = document.createElement('live-form-host') as HostElement & LoaderElement
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value)
  const root = host.attachShadow({ mode: 'open' })
  const { html, css } = staticForm({ privacyUrl: '/privacy' })
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  root.adoptedStyleSheets = [sheet]
  root.innerHTML = html
  document.body.append(host)
  return { host, root }
}

const control = (root: ShadowRoot, selector: string) =>
  root.querySelector(selector) as HTMLInputElement & HTMLSelectElement

describe('mountLiveForm', () => {
  it('replaces the static form as it commits, with its values, the focus and the caret', async () => {
    const { host, root } = paintedHost({ 'privacy-url': '/partner-privacy' })
    // The static form's controls are named as the live form's (the loader's build makes the names
    // ids, for bytes: tests/e2e/loader.e2e.ts); only the static form is in the root yet.
    control(root, '[name="firstName"]').value = sampleLead.firstName
    control(root, '[name="companySize"]').value = sampleLead.companySize
    const lastName = control(root, '[name="lastName"]')
    lastName.value = 'Lovelace'
    lastName.focus()
    lastName.setSelectionRange(2, 4)

    const painted = root.querySelector('form')
    mountLiveForm(host, root).update()
    // A transition: until it commits, the static form stays, and takes input.
    expect(root.querySelector('form')).to.equal(painted)
    await waitUntil(() => root.querySelector('form') !== painted)

    expect(root.querySelector('[data-static-form]')).to.equal(null)
    expect(root.querySelectorAll('form')).to.have.length(1)
    expect(control(root, '[name="firstName"]').value).to.equal(sampleLead.firstName)
    expect(control(root, '[name="companySize"]').value).to.equal(sampleLead.companySize)
    const live = control(root, '[name="lastName"]')
    expect(live.value).to.equal('Lovelace')
    expect(root.activeElement).to.equal(live)
    expect([live.selectionStart, live.selectionEnd]).to.deep.equal([2, 4])
    expect(root.querySelector('a')?.getAttribute('href')).to.equal('/partner-privacy')
    host.remove()
  })

  it('follows the attributes and the functions property, and unmounts once the element has left', async () => {
    const { host, root } = paintedHost({ 'supabase-url': standInUrl('success', 'unused') })
    const calls: string[] = []
    host.functions = {
      invoke: async (name: string, options?: { method?: string }) => {
        calls.push(`${options?.method ?? 'POST'} ${name}`)
        return { data: { success: true, requestId: 'stand-in' }, error: null }
      },
    } as unknown as FunctionsInvoker
    const form = mountLiveForm(host, root)
    form.update()
    host.setAttribute('privacy-url', '/changed')
    await waitUntil(() => root.querySelector('a')?.getAttribute('href') === '/changed')

    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => toast(root))
    // A challenge asked first; this stand-in has none, so the lead goes without a proof.
    expect(calls).to.deep.equal(['GET send-demo-request', 'POST send-demo-request'])

    host.remove()
    form.update()
    await waitUntil(() => !root.querySelector('form'))
  })

  it('keeps the form when the element is moved in one task', async () => {
    const { host, root } = paintedHost()
    const painted = root.querySelector('form')
    const form = mountLiveForm(host, root)
    form.update()
    await waitUntil(() => root.querySelector('form') !== painted)
    const before = root.querySelector('form')
    host.remove()
    form.update()
    document.body.append(host)
    form.update()
    // A render after the move (an attribute changed) comes after the unmount a move would
    // have queued, and lands in the same form.
    host.setAttribute('privacy-url', '/moved')
    await waitUntil(() => root.querySelector('a')?.getAttribute('href') === '/moved')
    expect(root.querySelector('form')).to.equal(before)
    host.remove()
  })
})

// A render in slices may read the static form in one task and commit in another: what the
// visitor or a script did in between must reach the live form. Here a component rendered after
// the form changes the static form during the render, after the form's own first read, as a
// visitor typing between two slices would.
let meanwhile = () => {}
function TypedMeanwhile() {
  meanwhile()
  return null
}

describe('ElementForm', () => {
  it('takes what changed in the static form between its first render and its commit', async () => {
    const { host, root } = paintedHost()
    const firstName = control(root, '[name="firstName"]')
    const lastName = control(root, '[name="lastName"]')
    const company = control(root, '[name="companyName"]')
    firstName.value = 'Ada'
    company.value = 'Gone soon'
    firstName.focus()
    meanwhile = () => {
      if (root.activeElement !== firstName) return
      firstName.value = 'Adaline'
      company.value = ''
      lastName.value = 'Lovelace'
      lastName.focus()
      lastName.setSelectionRange(1, 3)
    }
    const reactRoot = createRoot(root)
    reactRoot.render(
      createElement(
        Fragment,
        null,
        createElement(ElementForm, { container: root }),
        createElement(TypedMeanwhile),
      ),
    )
    await waitUntil(() => root.querySelectorAll('form').length === 1 && !root.contains(firstName))

    expect(control(root, '[name="firstName"]').value).to.equal('Adaline')
    expect(control(root, '[name="companyName"]').value).to.equal('')
    const live = control(root, '[name="lastName"]')
    expect(live.value).to.equal('Lovelace')
    expect(root.activeElement).to.equal(live)
    expect([live.selectionStart, live.selectionEnd]).to.deep.equal([1, 3])
    reactRoot.unmount()
    host.remove()
  })
})
