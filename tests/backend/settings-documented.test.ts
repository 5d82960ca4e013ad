// Every environment variable the code reads is in docs/configuration.md's table, so a setting
// added without documentation fails here.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
// The system's own, passed through to child processes rather than read as settings, and what
// Vite itself puts in import.meta.env.
const system = new Set(['PATH', 'HOME', 'NODE_ENV', 'BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR'])
const reads = [
  /process\.env\.([A-Z][A-Z0-9_]+)/g,
  /\benv\.([A-Z][A-Z0-9_]+)/g,
  /\benv\(\s*'([A-Z][A-Z0-9_]+)'/g,
  /Deno\.env\.get\(\s*'([A-Z][A-Z0-9_]+)'/g,
]

// The variables read by the files git tracks that match `paths`, and `keep` keeps.
function settingsRead(paths: string[], keep = (_file: string) => true): Set<string> {
  const files = execFileSync('git', ['ls-files', ...paths], { cwd: root })
    .toString()
    .split('\n')
    .filter((file) => file && keep(file))
  const read = new Set<string>()
  for (const file of files) {
    const text = readFileSync(`${root}${file}`, 'utf8')
    for (const pattern of reads) {
      for (const [, name = ''] of text.matchAll(pattern)) if (!system.has(name)) read.add(name)
    }
  }
  return read
}

const doc = (name: string) => readFileSync(`${root}docs/${name}.md`, 'utf8')

it('docs/configuration.md documents every setting the code reads', () => {
  const read = settingsRead(['*.ts', '*.tsx', '*.js'])
  const table = doc('configuration')
  const documented = new Set([...table.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map(([, n]) => n))
  expect(read.size).toBeGreaterThan(10)
  expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([])
})

it('docs/deploy.md names every variable the deployed function reads', () => {
  const read = settingsRead(['supabase/functions/*.ts'], (file) => !file.endsWith('.test.ts'))
  const deploy = doc('deploy')
  expect(read.size).toBeGreaterThan(10)
  expect([...read].filter((name) => !deploy.includes(`\`${name}\``)).sort()).toEqual([])
})
