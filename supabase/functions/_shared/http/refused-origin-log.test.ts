import { expect, it } from 'vitest'
import { logRefusedOriginOnce } from './refused-origin-log.ts'

it('logs each refused origin once, naming the setting', () => {
  const lines: string[] = []
  const refused = logRefusedOriginOnce((line) => lines.push(line))
  refused('https://partner.example')
  refused('https://partner.example')
  refused('https://other.example')
  expect(lines).toEqual([
    'send-demo-request refused origin https://partner.example: add it to ALLOWED_ORIGINS',
    'send-demo-request refused origin https://other.example: add it to ALLOWED_ORIGINS',
  ])
})

it('stops after a hundred origins, so made-up ones cannot flood the log or the memory', () => {
  const lines: string[] = []
  const refused = logRefusedOriginOnce((line) => lines.push(line))
  for (let site = 0; site < 300; site++) refused(`https://site-${site}.example`)
  expect(lines).toHaveLength(101)
  expect(lines.at(-1)).toBe(
    'send-demo-request refused more than 100 origins: the rest are not logged',
  )
})
