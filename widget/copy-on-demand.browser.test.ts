/// <reference types="mocha" />
// The words of a language other than English arrive when a form first speaks it
// (src/copy/copies.ts): an English page never fetches them, and a form the page turns Spanish
// stays whole in English until they come. In order: the first needs Spanish not yet fetched.
// (A Spanish form's first render: spanish-first-frame.browser.test.ts, on a page of its own.)
import { expect } from 'chai'
import { en } from '#core/en.ts'
import { arrivedCopy } from '../src/copy/load-copy.ts'
import {
  fieldValues,
  mountElement,
  newRun,
  standInUrl,
  submitButton,
  typeInto,
} from '../tests/browser/widget-harness.ts'
import { waitUntil } from '../tests/support/wait-until.ts'
import './define.ts'

const pageLanguage = document.documentElement.getAttribute('lang')
const attributes = () => ({
  'supabase-url': standInUrl('success', newRun()),
  'anon-key': 'test-anon-key',
})
const spanishFetched = () =>
  performance.getEntriesByType('resource').some(({ name }) => /\/src\/copy\/es\.ts/.test(name))

// Every state the shadow root passes through, as the text it shows, from now on.
function recordTexts(root: ShadowRoot) {
  const texts = [root.textContent ?? '']
  const observer = new MutationObserver(() => texts.push(root.textContent ?? ''))
  observer.observe(root, { childList: true, subtree: true, characterData: true })
  return { texts, stop: () => observer.disconnect() }
}

afterEach(() => {
  for (const element of document.querySelectorAll('demo-request')) element.remove()
  if (pageLanguage === null) document.documentElement.removeAttribute('lang')
  else document.documentElement.setAttribute('lang', pageLanguage)
})

describe('words fetched on demand', () => {
  it('an English page fetches no other language', async () => {
    document.documentElement.setAttribute('lang', 'en')
    const element = await mountElement(attributes())
    await waitUntil(() => submitButton(element.shadowRoot as ShadowRoot).textContent === en.submit)
    expect(arrivedCopy('es')).to.equal(undefined)
    expect(spanishFetched()).to.equal(false)
  })

  it('a page turning Spanish keeps the English form, and what was typed, until the Spanish words arrive', async () => {
    document.documentElement.setAttribute('lang', 'en')
    const element = await mountElement(attributes())
    const root = element.shadowRoot as ShadowRoot
    typeInto(root, 'firstName', 'Ana')
    const recorded = recordTexts(root)
    document.documentElement.setAttribute('lang', 'es')
    const es = await waitUntil(() => arrivedCopy('es'))
    await waitUntil(() => submitButton(root).textContent === es.submit)
    recorded.stop()
    expect(spanishFetched()).to.equal(true)
    // Never an empty form: each state showed a whole form in one language or the other.
    for (const text of recorded.texts) {
      expect(text.includes(en.submit) || text.includes(es.submit), text).to.equal(true)
    }
    expect(fieldValues(root).firstName).to.equal('Ana')
  })
})
