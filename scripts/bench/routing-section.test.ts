import { expect, it } from 'vitest'
import { routingRows } from './routing-section.ts'

const baseline = [400, 420, 450, 500, 480]

it('states the wait for the booking page beside the click to toast without routes', () => {
  const [page] = routingRows({
    withoutRoutesToast: baseline,
    withRoutesToast: [410, 430, 440, 470, 520],
    withRoutesShown: [700, 720, 760, 800, 900],
  })
  expect(page?.value).toBe('760 ms median · 900 ms p95')
  expect(page?.baseline).toBe('click → toast without routes: 450 ms median · 500 ms p95')
  expect(page?.meets).toBeNull()
})

it('meets the toast target within the spread without routes, and not beyond it', () => {
  const rows = (toast: number[]) =>
    routingRows({ withoutRoutesToast: baseline, withRoutesToast: toast, withRoutesShown: [] })[1]
  expect(rows([500, 520, 550, 560, 600])?.meets).toBe(true)
  expect(rows([600, 620, 560, 700, 800])?.meets).toBe(false)
  expect(rows([600, 620, 560, 700, 800])?.value).toBe('620 ms median · 800 ms p95, +170 ms')
})
