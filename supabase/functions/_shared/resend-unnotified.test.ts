import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sampleNewDemoRequest as lead } from '../../../tests/support/sample-lead.ts'
import { openTestPglite, type TestDatabase } from '../../../tests/support/test-database.ts'
import type { Notifier } from './notifier.ts'
import { resendUnnotified } from './resend-unnotified.ts'
import { createSqlDemoRequestStore } from './sql-demo-request-store.ts'

let test: TestDatabase
beforeAll(async () => {
  test = await openTestPglite()
}, 60_000)
afterAll(() => test.close())
beforeEach(() => test.reset())

describe('resendUnnotified', () => {
  it('sends pending and failed leads once they are old enough, and records the outcome', async () => {
    const store = createSqlDemoRequestStore(test.db)
    const pending = await store.insert(lead)
    const failed = await store.insert({ ...lead, firstName: 'Grace' })
    await store.insert({ ...lead, isSpam: true })
    await store.recordNotification(failed.id, { status: 'failed', error: 'down' }, new Date())
    const told: string[] = []
    const notifier: Notifier = {
      async notify(notice) {
        if (notice.firstName === 'Grace') throw new Error('still down')
        told.push(notice.id)
      },
    }
    const inAMinute = () => new Date(Date.now() + 120_000)

    // Too young: the function may still be sending them.
    expect(await resendUnnotified({ store, notifier, log: () => {} })).toEqual({
      sent: 0,
      failed: 0,
    })
    expect(await resendUnnotified({ store, notifier, now: inAMinute, log: () => {} })).toEqual({
      sent: 1,
      failed: 1,
    })
    expect(told).toEqual([pending.id])
    const rows = await store.list(10)
    expect(rows.find((row) => row.id === pending.id)?.notificationStatus).toBe('sent')
    expect(rows.find((row) => row.id === failed.id)).toMatchObject({
      notificationStatus: 'failed',
      notificationAttempts: 2,
      notificationError: 'still down',
    })
    // Sent leads are not sent again.
    await resendUnnotified({ store, notifier, now: inAMinute, log: () => {} })
    expect(told).toEqual([pending.id])
  })
})
