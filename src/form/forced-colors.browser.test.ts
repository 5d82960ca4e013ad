/// <reference types="mocha" />
// Windows contrast themes drop backgrounds and repaint every colour in the system's few: what
// keeps a button a button there is its border, and an invalid field needs more than red.
// Chromium's emulation only (web-test-runner.config.js); Firefox and WebKit expose none to tests.
import { executeServerCommand } from '@web/test-runner-commands'
import { expect } from 'chai'
import {
  fillValid,
  mountElement,
  newRun,
  query,
  standInUrl,
  submitButton,
  toast,
} from '../../tests/browser/widget-harness.ts'
import { waitUntil } from '../../tests/support/wait-until.ts'
import '../../widget/define.ts'
import { formCopy } from '#core/form-copy.ts'

const px = (value: string) => Number.parseFloat(value)

function border(element: Element) {
  const style = getComputedStyle(element)
  return {
    width: px(style.borderTopWidth),
    style: style.borderTopStyle,
    color: style.borderTopColor,
  }
}

before(() => executeServerCommand('forced-colors', { active: true }))
after(() => executeServerCommand('forced-colors', { active: false }))
afterEach(() => {
  for (const element of document.querySelectorAll('demo-request')) element.remove()
})

describe('the form in forced colors', () => {
  it('is in forced colors', () => {
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true)
  })

  it('outlines the submit button and the toast with its dismiss button', async () => {
    const root = (await mountElement({ 'supabase-url': standInUrl('success', newRun()) }))
      .shadowRoot as ShadowRoot
    const text = getComputedStyle(submitButton(root)).color
    expect(border(submitButton(root))).to.deep.equal({ width: 1, style: 'solid', color: text })
    fillValid(root)
    submitButton(root).click()
    const shown = await waitUntil(() => toast(root))
    const dismiss = query(shown, `button[aria-label="${formCopy.dismiss}"]`)
    expect(border(shown).width).to.be.at.least(1)
    expect(border(dismiss).width).to.be.at.least(1)
    expect(border(dismiss).color).to.not.equal('rgba(0, 0, 0, 0)')
  })

  it('keeps the focus ring', async () => {
    const root = (await mountElement({ 'supabase-url': standInUrl('success', newRun()) }))
      .shadowRoot as ShadowRoot
    const input = query<HTMLInputElement>(root, '[name="firstName"]')
    input.focus()
    const style = getComputedStyle(input)
    expect([style.outlineStyle, px(style.outlineWidth)]).to.deep.equal(['solid', 3])
    expect(style.outlineColor).to.not.equal('rgba(0, 0, 0, 0)')
  })

  it('marks an invalid field by its border, not by colour alone', async () => {
    const root = (await mountElement({ 'supabase-url': standInUrl('success', newRun()) }))
      .shadowRoot as ShadowRoot
    const input = query(root, '[name="firstName"]')
    const valid = border(input)
    submitButton(root).click()
    await waitUntil(() => input.getAttribute('aria-invalid') === 'true')
    const invalid = border(input)
    expect(valid.style).to.equal('solid')
    expect(invalid.style).to.equal('dashed')
    expect(invalid.width).to.be.greaterThan(valid.width)
  })
})
