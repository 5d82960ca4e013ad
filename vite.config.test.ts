import type { ConfigEnv, UserConfig } from 'vite'
import { describe, expect, it } from 'vitest'
import config from './vite.config.ts'

const load = (env: ConfigEnv) => (config as (env: ConfigEnv) => UserConfig)(env)

describe('the Vite config', () => {
  it('builds the widget in the modes it knows', () => {
    expect(load({ command: 'build', mode: 'standalone' }).build?.lib).toMatchObject({
      formats: ['iife'],
    })
    expect(load({ command: 'build', mode: 'module' }).build?.lib).toMatchObject({
      formats: ['es'],
    })
  })

  it('falls back to the dev page in any other mode, never throws', () => {
    for (const env of [
      { command: 'build', mode: 'development' },
      { command: 'build', mode: 'production' },
      { command: 'serve', mode: 'foo' },
    ] as const) {
      expect(load(env).root).toBe('widget')
    }
  })
})
