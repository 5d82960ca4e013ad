/// <reference types="mocha" />
// The form as a partner's page holds it: whatever that page sets on its root or passes down by
// inheritance, the form keeps its own size and type. Runs in every engine (npm run test:engines).
import { expect } from 'chai'
import { newRun, query, standInUrl, submitButton } from '../tests/browser/widget-harness.ts'
import { waitUntil } from '../tests/support/wait-until.ts'
import './define.ts'

/** `<demo-request>` inside a fresh box of the page styled `style`, once its form is there. */
async function mountIn(style: string) {
  const box = document.createElement('div')
  box.setAttribute('style', style)
  const element = document.createElement('demo-request')
  element.setAttribute('supabase-url', standInUrl('success', newRun()))
  box.append(element)
  document.body.append(box)
  const root = await waitUntil(
    () => element.shadowRoot?.querySelector('form') && element.shadowRoot,
  )
  return { box, element, root }
}

function sizes(root: ShadowRoot) {
  const input = query<HTMLInputElement>(root, '[name="firstName"]')
  return {
    input: getComputedStyle(input).fontSize,
    inputHeight: input.getBoundingClientRect().height,
    label: getComputedStyle(query(root, 'label')).fontSize,
    select: getComputedStyle(query(root, 'select')).fontSize,
    submit: submitButton(root).getBoundingClientRect().height,
  }
}

afterEach(() => {
  document.documentElement.style.removeProperty('font-size')
  for (const element of document.querySelectorAll('demo-request')) element.parentElement?.remove()
})

describe('<demo-request> on a host page', () => {
  it("keeps its size whatever the page's root font size", async () => {
    const ours = sizes((await mountIn('')).root)
    // The browser's default text size (16px in every engine tested), not the page's root.
    expect(ours).to.deep.equal({
      input: '16px',
      inputHeight: 44,
      label: '14px',
      select: '16px',
      submit: 44,
    })
    // Bootstrap 3 and many WordPress themes; and a page that enlarges its own text.
    for (const rootSize of ['62.5%', '20px']) {
      document.documentElement.style.fontSize = rootSize
      const { root, box } = await mountIn('font-size: 1rem')
      expect(sizes(root), `html { font-size: ${rootSize} }`).to.deep.equal(ours)
      box.remove()
    }
  })

  it('grows and shrinks with --demo-request-font-size, its one size setting', async () => {
    document.documentElement.style.fontSize = '62.5%'
    const { root } = await mountIn('--demo-request-font-size: 20px')
    expect(sizes(root)).to.deep.equal({
      input: '20px',
      inputHeight: 55,
      label: '17.5px',
      select: '20px',
      submit: 55,
    })
  })

  // All but `direction`, which `all: initial` leaves to the page on purpose: the form follows a
  // right-to-left page with its logical properties.
  it("resets every inherited property a partner's theme sets", async () => {
    const theme = [
      'color: rgb(200, 0, 0)',
      'font: italic small-caps 800 30px / 2.4 cursive',
      'text-transform: uppercase',
      'letter-spacing: 0.3em',
      'word-spacing: 1em',
      'text-align: center',
      'text-indent: 3em',
      'text-shadow: 1px 1px red',
      'white-space: pre',
      'cursor: wait',
    ].join(';')
    const properties = [
      'color',
      'font-style',
      'font-variant-caps',
      'font-weight',
      'font-size',
      'font-family',
      'line-height',
      'text-transform',
      'letter-spacing',
      'word-spacing',
      'text-align',
      'text-indent',
      'text-shadow',
      'white-space',
      'cursor',
    ]
    const read = (root: ShadowRoot) =>
      ['label', '[name="firstName"]', 'form > p', 'button[type="submit"]'].map((selector) => {
        const style = getComputedStyle(query(root, selector))
        return Object.fromEntries(properties.map((name) => [name, style.getPropertyValue(name)]))
      })
    const plain = read((await mountIn('')).root)
    const themed = read((await mountIn(theme)).root)
    expect(themed).to.deep.equal(plain)
    expect(plain[0]).to.include({ 'font-style': 'normal', 'text-transform': 'none' })
  })
})
