/// <reference types="mocha" />
import { expect } from 'chai'
import { waitUntil } from '../support/wait-until.ts'
import {
  fillValid,
  mountElement,
  newRun,
  query,
  recordedRequests,
  standInUrl,
  submitButton,
  toast,
} from './widget-harness.ts'

// The file partner sites load, as built: not the sources.
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.onload = () => resolve()
    script.onerror = () => reject(new Error(`Could not load ${src}`))
    document.head.append(script)
  })
}

describe('the built standalone demo-request.js', () => {
  before(() => loadScript('/built/demo-request.js'))

  it('registers <demo-request>, and loading it twice is harmless', async () => {
    const errors: ErrorEvent[] = []
    const onError = (event: ErrorEvent) => errors.push(event)
    window.addEventListener('error', onError)
    await loadScript('/built/demo-request.js')
    window.removeEventListener('error', onError)
    expect(errors).to.deep.equal([])
    expect(customElements.get('demo-request')).to.be.a('function')
  })

  it('submits a lead and confirms it', async () => {
    const run = newRun()
    const element = await mountElement({
      'supabase-url': standInUrl('success', run),
      'anon-key': 'k',
    })
    const root = element.shadowRoot as ShadowRoot
    fillValid(root)
    submitButton(root).click()
    const shown = await waitUntil(() => toast(root))
    expect(shown.textContent).to.contain('Demo Request Submitted!')
    const requests = await recordedRequests(run)
    expect(requests).to.have.length(1)
    expect(requests[0]?.headers.apikey).to.equal('k')
    element.remove()
  })

  it('has the host-page contract: prefill() queued before ready, parts, a publishable key', async () => {
    const run = newRun()
    const element = document.createElement('demo-request')
    element.setAttribute('supabase-url', standInUrl('success', run))
    element.setAttribute('publishable-key', 'sb_publishable_built')
    element.prefill({
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Lovelace & Babbage LLP',
      companySize: '6-50 employees',
    })
    const ready = new Promise((resolve) =>
      element.addEventListener('demo-request-ready', resolve, { once: true }),
    )
    document.body.append(element)
    await ready
    const root = element.shadowRoot as ShadowRoot
    expect(query(root, '[part="submit"]')).to.equal(submitButton(root))
    await waitUntil(() => query<HTMLInputElement>(root, '[name="lastName"]').value === 'Lovelace')
    submitButton(root).click()
    await waitUntil(() => toast(root))
    const [request] = await recordedRequests(run)
    expect(request?.body).to.include({ firstName: 'Ada', companySize: '6-50 employees' })
    expect(request?.headers.apikey).to.equal('sb_publishable_built')
    expect(request?.headers).to.not.have.property('authorization')
    element.remove()
  })

  it('fetches the Spanish words from beside itself for a Spanish element, and shows no English first', async () => {
    const copyScripts = () =>
      performance
        .getEntriesByType('resource')
        .filter(({ name }) => /\/built\/demo-request-copy-es-[0-9a-f]+\.js$/.test(name))
    // The tests above were English: nothing fetched.
    expect(copyScripts()).to.have.length(0)
    const element = document.createElement('demo-request')
    element.setAttribute('lang', 'es')
    element.setAttribute('supabase-url', standInUrl('success', newRun()))
    const root = element.shadowRoot as ShadowRoot
    const texts: string[] = []
    const observer = new MutationObserver(() => texts.push(root.textContent ?? ''))
    observer.observe(root, { childList: true, subtree: true, characterData: true })
    document.body.append(element)
    await waitUntil(() => root.querySelector('button')?.textContent === 'Solicitar demostración')
    observer.disconnect()
    expect(copyScripts()).to.have.length(1)
    for (const text of texts) expect(text).not.to.include('Request Demo')
    element.remove()
  })

  it('renders styled under a strict style-src CSP', async () => {
    const frame = document.createElement('iframe')
    frame.src = '/built/strict-csp.html'
    const violations: string[] = []
    document.body.append(frame)
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }))
    const page = frame.contentDocument as Document
    page.addEventListener('securitypolicyviolation', (event) =>
      violations.push(event.violatedDirective),
    )
    const element = await waitUntil(
      () => page.querySelector('demo-request')?.shadowRoot && page.querySelector('demo-request'),
    )
    const root = element.shadowRoot as ShadowRoot
    const button = await waitUntil(() =>
      root.querySelector<HTMLButtonElement>('button[type="submit"]'),
    )
    const style = frame.contentWindow?.getComputedStyle(button)
    expect(style?.backgroundColor).to.equal('rgb(27, 42, 74)')
    expect(style?.borderTopLeftRadius).to.equal('8px')
    expect(query(root, 'form')).to.exist
    expect(violations).to.deep.equal([])
    frame.remove()
  })
})
