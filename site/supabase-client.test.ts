import { afterEach, beforeEach, expect, it, vi } from 'vitest'

const createClient = vi.fn(() => ({ functions: {} }))
vi.mock('@supabase/supabase-js', () => ({ createClient }))

const storage = { getItem: () => null, setItem: () => {}, removeItem: () => {} }
beforeEach(() => {
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('location', { origin: 'https://site.test' })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

it('creates one client as docs/requirements.md#backend-client configures it: session in localStorage, kept and refreshed', async () => {
  const { siteSupabase } = await import('./supabase-client.ts')
  const client = siteSupabase()
  expect(siteSupabase()).toBe(client)
  expect(createClient).toHaveBeenCalledTimes(1)
  expect(createClient).toHaveBeenCalledWith('https://site.test', expect.any(String), {
    auth: { storage, persistSession: true, autoRefreshToken: true },
  })
})
