/// <reference types="mocha" />
import { expect } from 'chai'
import { waitUntil } from '../../tests/support/wait-until.ts'
import { resolveLanguage, watchPageLanguage } from './page-language.ts'

const pageLanguage = document.documentElement.getAttribute('lang')
let page: HTMLElement

// page > section > element, each given a lang or none.
function nest(section: string | null, own: string | null) {
  page = document.createElement('div')
  const wrapper = document.createElement('section')
  const element = document.createElement('div')
  if (section !== null) wrapper.setAttribute('lang', section)
  if (own !== null) element.setAttribute('lang', own)
  wrapper.append(element)
  page.append(wrapper)
  document.body.append(page)
  return { wrapper, element }
}

afterEach(() => {
  page?.remove()
  if (pageLanguage === null) document.documentElement.removeAttribute('lang')
  else document.documentElement.setAttribute('lang', pageLanguage)
})

describe('resolveLanguage', () => {
  it("reads the element's own lang first, then the nearest ancestor's, then <html lang>", () => {
    document.documentElement.setAttribute('lang', 'es')
    expect(resolveLanguage(nest('en', 'es').element)).to.equal('es')
    page.remove()
    expect(resolveLanguage(nest('en', null).element)).to.equal('en')
    page.remove()
    expect(resolveLanguage(nest(null, null).element)).to.equal('es')
  })

  it('is English where nothing says a language, and for a language the form lacks', () => {
    document.documentElement.removeAttribute('lang')
    expect(resolveLanguage(nest(null, null).element)).to.equal('en')
    page.remove()
    document.documentElement.setAttribute('lang', 'es')
    expect(resolveLanguage(nest('de', null).element)).to.equal('en')
  })

  it('passes over lang="" (unknown) to the next language said', () => {
    document.documentElement.setAttribute('lang', 'es-AR')
    expect(resolveLanguage(nest('', '').element)).to.equal('es')
  })

  it('reads past a shadow root the element sits in, to its host', () => {
    const { element } = nest('es', null)
    const inner = document.createElement('demo-request-like')
    element.attachShadow({ mode: 'open' }).append(inner)
    expect(resolveLanguage(inner)).to.equal('es')
  })
})

describe('watchPageLanguage', () => {
  it('tells every watcher of a lang change anywhere in the page, until it stops watching', async () => {
    const { wrapper } = nest(null, null)
    const calls = { first: 0, second: 0 }
    const stopFirst = watchPageLanguage(() => calls.first++)
    const stopSecond = watchPageLanguage(() => calls.second++)
    wrapper.setAttribute('lang', 'es')
    await waitUntil(() => calls.first === 1 && calls.second === 1)
    stopFirst()
    document.documentElement.setAttribute('lang', 'es-MX')
    await waitUntil(() => calls.second === 2)
    // Delivered to the second, so to every watcher then: the first, stopped, heard nothing.
    expect(calls.first).to.equal(1)
    stopSecond()
  })

  it('tells a watcher of a lang changed inside a shadow root the element sits in', async () => {
    // A page's own component that renders the form in its shadow root, with a lang there.
    const { element } = nest(null, null)
    const shadow = element.attachShadow({ mode: 'open' })
    const section = document.createElement('section')
    const inner = document.createElement('demo-request-like')
    section.append(inner)
    shadow.append(section)
    let calls = 0
    const stop = watchPageLanguage(() => calls++, inner)
    section.setAttribute('lang', 'es')
    await waitUntil(() => calls === 1)
    expect(resolveLanguage(inner)).to.equal('es')
    stop()
  })
})
