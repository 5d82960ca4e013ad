/// <reference types="mocha" />
import { expect } from 'chai'
import { companySizes } from '#core/lead-fields.ts'
import { allCopies } from '../src/copy/load-copy.ts'
import {
  fieldValues,
  fillValid,
  mountElement,
  newRun,
  query,
  recordedRequests,
  standInUrl,
  submitButton,
  toast,
  typeInto,
} from '../tests/browser/widget-harness.ts'
import { sampleLead } from '../tests/support/sample-lead.ts'
import { waitUntil } from '../tests/support/wait-until.ts'
import './define.ts'

const { en, es } = await allCopies()
const pageLanguage = document.documentElement.getAttribute('lang')

async function mount(attributes: Record<string, string> = {}, run = newRun()) {
  const element = await mountElement({
    'supabase-url': standInUrl('success', run),
    'anon-key': 'test-anon-key',
    ...attributes,
  })
  return { element, root: element.shadowRoot as ShadowRoot, run }
}

const labelOf = (root: ShadowRoot, name: string) =>
  query(root, `label[for="${query(root, `[name="${name}"]`).id}"]`).textContent

afterEach(() => {
  for (const element of document.querySelectorAll('demo-request')) element.remove()
  for (const wrapper of document.querySelectorAll('[data-test-wrapper]')) wrapper.remove()
  if (pageLanguage === null) document.documentElement.removeAttribute('lang')
  else document.documentElement.setAttribute('lang', pageLanguage)
})

describe('<demo-request> on a Spanish page', () => {
  beforeEach(() => document.documentElement.setAttribute('lang', 'es'))

  it('shows every label, placeholder and option in Spanish, the options keeping their values', async () => {
    const { root } = await mount()
    expect(query(root, 'div[lang]').getAttribute('lang')).to.equal('es')
    expect(labelOf(root, 'firstName')).to.equal(es.fields.firstName.label)
    expect(labelOf(root, 'companyName')).to.equal(es.fields.companyName.label)
    expect(query<HTMLInputElement>(root, '[name="lastName"]').placeholder).to.equal(
      es.fields.lastName.placeholder,
    )
    const options = [...root.querySelectorAll('option')].slice(1)
    expect(options.map((option) => option.value)).to.deep.equal([...companySizes])
    expect(options.map((option) => option.textContent)).to.deep.equal(
      companySizes.map((size) => es.companySizes[size]),
    )
    expect(submitButton(root).textContent).to.equal(es.submit)
    expect(query(root, 'form').getAttribute('aria-label')).to.equal(es.label)
  })

  it('answers an empty send with Spanish messages', async () => {
    const { root, run } = await mount()
    submitButton(root).click()
    await waitUntil(() => root.querySelector('[data-error-for="firstName"]'))
    const message = (name: string) => query(root, `[data-error-for="${name}"]`).textContent
    expect(message('firstName')).to.equal(es.messages.firstName.required)
    expect(message('lastName')).to.equal(es.messages.lastName.required)
    expect(message('companyName')).to.equal(es.messages.companyName.required)
    expect(message('companySize')).to.equal(es.messages.companySize.required)
    expect(await recordedRequests(run)).to.have.length(0)
  })

  it('sends the lead with the visitor’s language and confirms in Spanish', async () => {
    const { root, run } = await mount()
    fillValid(root)
    submitButton(root).click()
    const shown = await waitUntil(() => toast(root))
    expect(shown.textContent).to.include(es.success.title)
    const [request] = await recordedRequests(run)
    expect(request?.body).to.include({ ...sampleLead, language: 'es' })
  })

  it("words the function's refusal of a tampered company size in Spanish", async () => {
    const { root } = await mount({ 'supabase-url': standInUrl('tamperedCompanySize', newRun()) })
    fillValid(root)
    submitButton(root).click()
    await waitUntil(() => root.querySelector('[data-error-for="companySize"]'))
    expect(query(root, '[data-error-for="companySize"]').textContent).to.equal(
      es.messages.companySize.required,
    )
    expect(toast(root)?.textContent).to.include(es.failure.title)
  })

  it('speaks a regional tag in its language: es-MX is Spanish', async () => {
    document.documentElement.setAttribute('lang', 'es-MX')
    const { root } = await mount()
    expect(labelOf(root, 'firstName')).to.equal(es.fields.firstName.label)
  })

  it('is English where the element says lang="en"', async () => {
    const { root } = await mount({ lang: 'en' })
    expect(labelOf(root, 'firstName')).to.equal(en.fields.firstName.label)
    expect(query(root, 'div[lang]').getAttribute('lang')).to.equal('en')
  })

  it('is English inside an English section of the page', async () => {
    const section = document.createElement('section')
    section.lang = 'en-GB'
    section.dataset.testWrapper = ''
    document.body.append(section)
    const element = document.createElement('demo-request')
    section.append(element)
    const root = await waitUntil(
      () => element.shadowRoot?.querySelector('form') && element.shadowRoot,
    )
    expect(labelOf(root, 'firstName')).to.equal(en.fields.firstName.label)
    // The section goes Spanish: the form follows.
    section.lang = 'es'
    await waitUntil(() => labelOf(root, 'firstName') === es.fields.firstName.label)
  })

  it("follows a lang changed inside another component's shadow root that holds it", async () => {
    const host = document.createElement('div')
    host.dataset.testWrapper = ''
    const section = document.createElement('section')
    section.lang = 'en'
    const element = document.createElement('demo-request')
    section.append(element)
    host.attachShadow({ mode: 'open' }).append(section)
    document.body.append(host)
    const root = await waitUntil(
      () => element.shadowRoot?.querySelector('form') && element.shadowRoot,
    )
    expect(labelOf(root, 'firstName')).to.equal(en.fields.firstName.label)
    section.lang = 'es'
    await waitUntil(() => labelOf(root, 'firstName') === es.fields.firstName.label)
  })

  it('follows <html lang> to English after typing, keeping every value typed', async () => {
    const { root } = await mount()
    fillValid(root)
    typeInto(root, 'firstName', 'Ana María')
    const typed = fieldValues(root)
    submitButton(root).focus()
    document.documentElement.setAttribute('lang', 'en')
    await waitUntil(() => labelOf(root, 'firstName') === en.fields.firstName.label)
    expect(submitButton(root).textContent).to.equal(en.submit)
    expect(query(root, 'div[lang]').getAttribute('lang')).to.equal('en')
    expect(fieldValues(root)).to.deep.equal(typed)
    expect(typed.firstName).to.equal('Ana María')
    expect(query<HTMLSelectElement>(root, 'select').selectedOptions[0]?.textContent).to.equal(
      en.companySizes[sampleLead.companySize],
    )
    expect(root.activeElement).to.equal(submitButton(root))
  })

  it('turns a shown message into the new language, following the element’s own lang', async () => {
    const { element, root } = await mount()
    submitButton(root).click()
    const message = () => root.querySelector('[data-error-for="firstName"]')?.textContent
    await waitUntil(() => message() === es.messages.firstName.required)
    element.setAttribute('lang', 'en')
    await waitUntil(() => message() === en.messages.firstName.required)
    element.removeAttribute('lang')
    await waitUntil(() => message() === es.messages.firstName.required)
  })
})

describe('<demo-request> on a page in a language the form lacks', () => {
  it('is English on a French page', async () => {
    document.documentElement.setAttribute('lang', 'fr')
    const { root } = await mount()
    expect(labelOf(root, 'firstName')).to.equal(en.fields.firstName.label)
  })
})
