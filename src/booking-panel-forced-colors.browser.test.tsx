/// <reference types="mocha" />
// The panel in a Windows contrast theme, through Chromium's emulation (tests/browser/
// forced-colors.js): its button keeps an outline, its link stays a link, focus stays visible.
import { executeServerCommand } from '@web/test-runner-commands'
import { expect } from 'chai'
import { renderPanel, unmountPanels } from '../tests/browser/booking-panel-harness.tsx'

before(() => executeServerCommand('forced-colors', { active: true }))
after(() => executeServerCommand('forced-colors', { active: false }))
afterEach(unmountPanels)

describe('BookingPanel in forced colors', () => {
  it('outlines its button, underlines its link and rings the focused heading', async () => {
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true)
    const { shadow } = await renderPanel({ provider: 'link', url: 'https://book.example/demo' })
    const button = shadow.querySelector('button') as HTMLButtonElement
    const style = getComputedStyle(button)
    expect(Number.parseFloat(style.borderTopWidth)).to.be.at.least(1)
    expect(style.borderTopStyle).to.equal('solid')
    expect(style.borderTopColor).to.not.equal('rgba(0, 0, 0, 0)')
    const link = shadow.querySelector('a') as HTMLAnchorElement
    expect(getComputedStyle(link).textDecorationLine).to.contain('underline')
    button.focus()
    expect(getComputedStyle(button).outlineStyle).to.equal('solid')
  })
})
