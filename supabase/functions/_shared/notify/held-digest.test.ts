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
      'Demo requests: 2 demo requests held beyond the limit, in the window to 2026-03-01T10:10:00.000Z',
    )
    expect(email.html).not.toContain('<b>')
    expect(email.html).toContain('<li>&lt;b&gt;Bot 1&lt;/b&gt; Lovelace, Smith &amp; Sons')
    expect(email.text).toContain('<b>Bot 0</b> Lovelace, Smith & Sons')
    expect(email.text).toContain('npm run leads -- --status held lists them all')
    expect(email.text).not.toContain('are listed')
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
