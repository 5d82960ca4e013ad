import { describe, expect, it } from 'vitest'
import { bookingProviders } from '#core/next-step.ts'
import { schedulerOfHost, schedulers } from './schedulers.ts'

describe('schedulers', () => {
  it('has one scheduler for each of bookingProviders, and no other', () => {
    expect(Object.keys(schedulers).sort()).toEqual([...bookingProviders].sort())
  })

  it('gives each its own name, hosts and secret setting', () => {
    const settings = bookingProviders.map((provider) => schedulers[provider].secretSetting)
    expect(new Set(settings).size).toBe(bookingProviders.length)
    for (const provider of bookingProviders) {
      const others = bookingProviders.filter((other) => other !== provider)
      for (const host of schedulers[provider].hosts.filter((host) => !host.startsWith('*.'))) {
        expect(schedulerOfHost(host)).toBe(provider)
        expect(others.flatMap((other) => schedulers[other].hosts)).not.toContain(host)
      }
    }
  })
})

describe('schedulerOfHost', () => {
  it.each([
    ['cal.com', 'cal'],
    ['app.cal.com', 'cal'],
    ['acme.cal.com', 'cal'],
    ['ACME.Cal.com', 'cal'],
    ['cal.eu', 'cal'],
    ['app.cal.eu', 'cal'],
    ['calendly.com', 'calendly'],
  ])('knows %s as %s', (host, provider) => {
    expect(schedulerOfHost(host)).toBe(provider)
  })

  it.each([
    'evilcal.com',
    'cal.com.evil.example',
    'a.b.cal.com',
    '.cal.com',
    'notcalendly.com',
    'calendly.com.example',
    'cal.example.com',
  ])('knows %s as no provider', (host) => {
    expect(schedulerOfHost(host)).toBeUndefined()
  })
})
