import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { siteUrlProblem } from './site-url-required.ts'

const project = 'https://abcdefghijklmnop.supabase.co'

describe('siteUrlProblem', () => {
  it('lets a build without a Supabase project keep localhost, as npm start and the tests build', () => {
    expect(siteUrlProblem({})).toBeUndefined()
  })

  it('stops a build for a Supabase project without SITE_URL, with the line that fixes it', () => {
    expect(siteUrlProblem({ VITE_SUPABASE_URL: project })).toMatch(
      /^SITE_URL is not set.*Run: SITE_URL='https:\/\/www\.your-firm\.com' npm run build$/,
    )
    expect(siteUrlProblem({ VITE_SUPABASE_URL: project, SITE_URL: '' })).toMatch(/not set/)
  })

  it('stops on a SITE_URL that is no web address', () => {
    expect(siteUrlProblem({ VITE_SUPABASE_URL: project, SITE_URL: 'www.example.com' })).toMatch(
      /'www\.example\.com' is not an http\(s\) address/,
    )
  })

  it('passes a build that names its site', () => {
    const env = { VITE_SUPABASE_URL: project, SITE_URL: 'https://www.example.com' }
    expect(siteUrlProblem(env)).toBeUndefined()
  })

  it('exits non-zero with the message as the build step', () => {
    const script = fileURLToPath(new URL('./site-url-required.ts', import.meta.url))
    const run = (env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, ['--import', 'tsx', script], {
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
      })
    const stopped = run({ VITE_SUPABASE_URL: project })
    expect(stopped.status).toBe(1)
    expect(stopped.stderr.trim()).toBe(siteUrlProblem({ VITE_SUPABASE_URL: project }))
    expect(run({ VITE_SUPABASE_URL: project, SITE_URL: 'https://www.example.com' }).status).toBe(0)
  })
})
