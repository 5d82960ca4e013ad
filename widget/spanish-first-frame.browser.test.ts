/// <reference types="mocha" />
// A Spanish form's first render, on a page that has fetched no Spanish yet (a file of its own, so
// a page of its own): the render waits for the words (src/copy/form-language.ts), and no English
// is ever drawn in the element meanwhile.
import { expect } from 'chai'
import { en } from '#core/en.ts'
import { arrivedCopy } from '../src/copy/load-copy.ts'
import { newRun, standInUrl, submitButton } from '../tests/browser/widget-harness.ts'
import { waitUntil } from '../tests/support/wait-until.ts'
import './define.ts'

afterEach(() => {
  for (const element of document.querySelectorAll('demo-request')) element.remove()
  document.documentElement.setAttribute('lang', 'en')
})

it('a Spanish form draws no English while its words arrive: its first frame is in Spanish', async () => {
  expect(arrivedCopy('es')).to.equal(undefined)
  document.documentElement.setAttribute('lang', 'es')
  const element = document.createElement('demo-request')
  element.setAttribute('supabase-url', standInUrl('success', newRun()))
  element.setAttribute('anon-key', 'test-anon-key')
  const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' })
  // Every state the shadow root passes through, from the element's connection on.
  const texts: string[] = []
  const observer = new MutationObserver(() => texts.push(root.textContent ?? ''))
  observer.observe(root, { childList: true, subtree: true, characterData: true })
  document.body.append(element)
  const es = await waitUntil(() => arrivedCopy('es'))
  await waitUntil(
    () => root.querySelector('button') && submitButton(root).textContent === es.submit,
  )
  observer.disconnect()
  expect(texts.length).to.be.greaterThan(0)
  for (const text of texts) {
    expect(text).not.to.include(en.fields.firstName.label)
    expect(text).not.to.include(en.submit)
  }
})
