import { describe, expect, it } from 'vitest'
import { preflight } from './preflight.ts'

const debianRoot = { root: true, apt: true }
const debianUser = { root: false, apt: true }
const otherRoot = { root: true, apt: false }

describe('the preflight', () => {
  it('lets the tests go when nothing is missing, on any machine', () => {
    for (const machine of [debianRoot, debianUser, otherRoot]) {
      expect(preflight([], machine)).toEqual({ action: 'go' })
    }
  })

  it('installs exactly the missing packages as root on Debian, saying which in one line', () => {
    const plan = preflight(['chromium', 'postgresql-15'], debianRoot)
    expect(plan).toEqual({
      action: 'install',
      say: 'Installing chromium postgresql-15 for the tests',
      packages: ['chromium', 'postgresql-15'],
    })
  })

  it('stops a user at once with one sudo line naming every missing package', () => {
    const missing = ['chromium', 'firefox-esr', 'webkit2gtk-driver', 'xvfb', 'postgresql-15']
    expect(preflight(missing, debianUser)).toEqual({
      action: 'stop',
      say: `The tests need ${missing.join(' ')}. Install with: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    })
  })

  it('stops without installing where apt-get is missing, even as root, and without sudo', () => {
    const plan = preflight(['xvfb'], otherRoot)
    expect(plan).toEqual({
      action: 'stop',
      say: 'The tests need xvfb. Install with: apt-get update && apt-get install -y xvfb',
    })
  })
})
