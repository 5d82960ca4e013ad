import { describe, expect, it } from 'vitest'
import { sampleStoredDemoRequest } from '../../../../tests/support/sample-lead.ts'
import { digestId, digestListLength, heldDigestEmail, heldDigestWebhook } from './held-digest.ts'
import type { HeldDigest } from './notifier.ts'

const heldUntil = new Date('2026-03-01T10:10:00Z')
const lead = (index: number) => ({
  ...sampleStoredDemoRequest,
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  firstName: `<b>Bot ${index}</b>`,
  companyName: 'Smith & Sons',
})
const digest = (count: number): HeldDigest => ({
  heldUntil,
  count,
  leads: Array.from({ length: Math.min(count, digestListLength) }, (_, index) => lead(index)),
})

describe('the digest of held leads', () => {
  it('gives the count and window in the subject, and escapes every lead in the HTML', () => {
    const email = heldDigestEmail(digest(2))
    expect(email.subject).toBe(
      'Demo requests: 2 demo requests held back in a rush that ended Sun 1 Mar, 10:10 (UTC)',
    )
    expect(email.html).not.toContain('<b>')
    expect(email.html).toContain('<li>&lt;b&gt;Bot 1&lt;/b&gt; Lovelace, Smith &amp; Sons')
    expect(email.text).toContain('<b>Bot 0</b> Lovelace, Smith & Sons')
    expect(email.text).toContain('All of them are in the leads list, marked held.')
    expect(email.text).not.toContain('are listed')
  })

  it('speaks to sales: times in their zone, no setting names, no commands', () => {
    const email = heldDigestEmail(digest(2), 'America/Chicago')
    expect(email.subject).toContain('ended Sun 1 Mar, 04:10 (America/Chicago)')
    expect(email.text).toContain('Sun 1 Mar, 04:10 (America/Chicago)')
    const webhook = heldDigestWebhook(digest(2), 'America/Chicago')
    for (const words of [email.subject, email.text, email.html, webhook.text]) {
      expect(words).not.toMatch(/[A-Z]{2,}_[A-Z_]+|npm |--|\d{4}-\d\d-\d\dT/)
    }
    // The JSON for programs keeps its ISO times.
    expect(webhook.data.heldUntil).toBe(heldUntil.toISOString())
  })

  it('lists the first leads of a large window and says so', () => {
    const email = heldDigestEmail(digest(1200))
    expect(email.subject).toContain('1200 demo requests held')
    expect(email.text).toContain(`The first ${digestListLength} are listed`)
    expect(email.text.split('\n').filter((line) => line.includes('Bot '))).toHaveLength(
      digestListLength,
    )
    expect(heldDigestWebhook(digest(1200)).data).toMatchObject({ count: 1200 })
  })

  it('is named by its window alone, so every attempt is the same message', () => {
    expect(digestId(digest(3))).toBe(`demo-request-digest-${heldUntil.getTime() / 1000}`)
    expect(heldDigestWebhook(digest(3))).toEqual(heldDigestWebhook(digest(3)))
    expect(heldDigestWebhook(digest(1)).timestamp).toBe(heldUntil.toISOString())
  })
})
