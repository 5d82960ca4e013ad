/// <reference types="mocha" />
// A partner page whose Content-Security-Policy lets no booking page be framed: this page's own
// policy, `frame-src 'self'`, as the partner's would be. A file of its own, as the policy stays.
import { expect } from 'chai'
import { formCopy } from '#core/form-copy.ts'
import {
  newRequestId,
  renderPanel,
  standInOrigin,
  unmountPanels,
} from '../../tests/browser/booking-panel-harness.tsx'
import { waitUntil } from '../../tests/support/wait-until.ts'

before(() => {
  const policy = document.createElement('meta')
  policy.httpEquiv = 'Content-Security-Policy'
  policy.content = "frame-src 'self'"
  document.head.append(policy)
})
afterEach(unmountPanels)

describe('BookingPanel under a partner CSP that refuses the frame', () => {
  it('offers the page in a new tab as soon as the frame is refused', async () => {
    const violations: string[] = []
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(event.effectiveDirective)
    })
    const url = `${await standInOrigin()}/cal/acme/demo?${new URLSearchParams({ 'metadata[demoRequestId]': newRequestId() })}`
    // No timeout can stand in for the report: the panel would offer the link only after a minute.
    const { shadow, panel } = await renderPanel({ provider: 'cal', url, linkAfterMs: 60_000 })
    const link = await waitUntil(() => shadow.querySelector('a'))
    expect(violations).to.include('frame-src')
    expect(panel().dataset.stage).to.equal('blocked')
    expect(link.href).to.equal(url)
    expect(shadow.querySelector('[role="status"]')?.textContent).to.equal(formCopy.booking.blocked)
    expect(shadow.querySelector('iframe')).to.equal(null)
  })
})
