import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { StaffMe } from '#core/console-api.ts'
import { fakeConsoleApi } from '../../../tests/support/fake-console-api.ts'
import { askLanding, rememberRole } from './landing-queries.ts'

const marketer: StaffMe = {
  userId: 'u-mkt',
  email: 'mkt@firm.example',
  role: 'marketing',
  sources: [],
}

function memory(): Pick<Storage, 'getItem' | 'setItem'> {
  const kept = new Map<string, string>()
  return {
    getItem: (key) => kept.get(key) ?? null,
    setItem: (key, value) => void kept.set(key, value),
  }
}

// What the landing asked of the API, once every call it started has answered.
async function landingCalls(href: string, remembered?: Pick<Storage, 'getItem' | 'setItem'>) {
  const api = fakeConsoleApi({ me: marketer, leads: 3 })
  const queries = new QueryClient()
  askLanding(queries, api, href, remembered)
  await new Promise<void>((settled) => {
    if (queries.isFetching() === 0) settled()
    else queries.getQueryCache().subscribe(() => queries.isFetching() === 0 && settled())
  })
  return [...api.calls].sort()
}

describe('the console landing', () => {
  it('asks /me and the leads list at once where nothing is noted of the last role', async () => {
    expect(await landingCalls('https://firm.example/console')).toEqual(['leads', 'me'])
  })

  it('leaves the list out for a role noted on this device that has no list', async () => {
    const noted = memory()
    rememberRole(noted, 'marketing')
    expect(await landingCalls('https://firm.example/console', noted)).toEqual(['me'])
    rememberRole(noted, 'sales')
    expect(await landingCalls('https://firm.example/console', noted)).toEqual(['leads', 'me'])
  })

  it('asks for the list only where the address lands on it', async () => {
    for (const href of ['/console?view=funnel', '/console?lead=lead-1']) {
      expect(await landingCalls(`https://firm.example${href}`)).toEqual(['me'])
    }
    expect(await landingCalls('https://firm.example/console?view=leads')).toEqual(['leads', 'me'])
  })

  it('takes storage the browser refuses, or a value it does not know, as nothing noted', async () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    rememberRole(refusing, 'marketing')
    expect(await landingCalls('https://firm.example/console', refusing)).toEqual(['leads', 'me'])
    const odd = memory()
    odd.setItem('demo-request-console-role', 'admin')
    expect(await landingCalls('https://firm.example/console', odd)).toEqual(['leads', 'me'])
  })
})
