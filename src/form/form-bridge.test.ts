import { describe, expect, it } from 'vitest'
import { connectForm, type FormHandle, withForm } from './form-bridge.ts'

function recordingForm(calls: string[]): FormHandle {
  return {
    prefill: (values) => calls.push(`prefill ${JSON.stringify(values)}`),
    reset: () => calls.push('reset'),
  }
}

// An element stands for the host; in Node any object works as a WeakMap key.
const newHost = () => ({}) as Element

describe('the form bridge', () => {
  it('queues calls until a form connects, then runs them in order', () => {
    const host = newHost()
    const calls: string[] = []
    withForm(host, (form) => form.prefill({ firstName: 'Ada' }))
    withForm(host, (form) => form.reset())
    expect(calls).toEqual([])
    connectForm(host, recordingForm(calls))
    withForm(host, (form) => form.prefill({ lastName: 'Lovelace' }))
    expect(calls).toEqual([
      'prefill {"firstName":"Ada"}',
      'reset',
      'prefill {"lastName":"Lovelace"}',
    ])
  })

  it('says first only for the first form a host ever had', () => {
    const host = newHost()
    const first = connectForm(host, recordingForm([]))
    first.disconnect()
    expect(first.first).toBe(true)
    expect(connectForm(host, recordingForm([])).first).toBe(false)
    expect(connectForm(newHost(), recordingForm([])).first).toBe(true)
  })

  it('queues again once its form disconnects, for the next one', () => {
    const host = newHost()
    const old: string[] = []
    const next: string[] = []
    connectForm(host, recordingForm(old)).disconnect()
    withForm(host, (form) => form.reset())
    connectForm(host, recordingForm(next))
    expect(old).toEqual([])
    expect(next).toEqual(['reset'])
  })
})
