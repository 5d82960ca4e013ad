import { describe, expect, it } from 'vitest'
import { routeOf } from './function-app.ts'

const routes = ['/events', '/retry', '/booking/cal', '/booking/calendly']

describe('routeOf', () => {
  it('knows each route on Supabase, locally and under plain Deno, with or without a last slash', () => {
    const bases = [
      'https://ref.supabase.co/send-demo-request',
      'http://localhost:3000/functions/v1/send-demo-request',
      'http://127.0.0.1:8000',
    ]
    for (const base of bases) {
      for (const route of routes) {
        expect(routeOf(`${base}${route}`, routes)).toBe(route)
        expect(routeOf(`${base}${route}/`, routes)).toBe(route)
      }
    }
  })

  it.each([
    'http://localhost:3000/functions/v1/send-demo-request',
    'http://localhost:3000/functions/v1/send-demo-request/',
    'http://localhost:3000/functions/v1/send-demo-request?retry',
    'http://localhost:3000/functions/v1/send-demo-request/booking',
    'http://localhost:3000/functions/v1/send-demo-request/booking/hubspot',
    'http://localhost:3000/functions/v1/send-demo-request/booking/cal/extra',
    'http://localhost:3000/functions/v1/send-demo-request/xbooking/cal',
  ])('takes %s for the leads, at /', (url) => {
    expect(routeOf(url, routes)).toBe('/')
  })
})
