import { afterEach, describe, expect, it, vi } from 'vitest'
import { platformAfterReply, trackPendingWork } from './after-reply.ts'

describe('trackPendingWork', () => {
  it('settles once the work handed over, and work it hands over in turn, has', async () => {
    const pending = trackPendingWork(() => {})
    const done: string[] = []
    let finish = () => {}
    pending.afterReply(
      new Promise<void>((resolve) => {
        finish = resolve
      }).then(() => {
        done.push('first')
        pending.afterReply(Promise.resolve().then(() => done.push('second')))
      }),
    )
    const settled = pending.settled().then(() => done.push('settled'))
    finish()
    await settled
    expect(done).toEqual(['first', 'second', 'settled'])
  })

  it('logs failed work instead of rejecting', async () => {
    const log = vi.fn()
    const pending = trackPendingWork(log)
    pending.afterReply(Promise.reject(new Error('boom')))
    await pending.settled()
    expect(log).toHaveBeenCalledWith('Work after a reply failed', expect.any(Error))
  })
})

describe('platformAfterReply', () => {
  const runtime = globalThis as { EdgeRuntime?: unknown }
  afterEach(() => {
    delete runtime.EdgeRuntime
  })

  it("hands the work to Supabase's EdgeRuntime.waitUntil when it exists", async () => {
    const waitUntil = vi.fn()
    runtime.EdgeRuntime = { waitUntil }
    const fallback = vi.fn()
    platformAfterReply(fallback)(Promise.resolve('work'))
    expect(waitUntil).toHaveBeenCalledWith(expect.any(Promise))
    expect(fallback).not.toHaveBeenCalled()
  })

  it('uses the fallback elsewhere', () => {
    const fallback = vi.fn()
    const work = Promise.resolve()
    platformAfterReply(fallback)(work)
    expect(fallback).toHaveBeenCalledWith(work)
  })
})
