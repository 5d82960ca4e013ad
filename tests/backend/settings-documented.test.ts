// Every environment variable the code reads is in the README's Configuration table, so a
// setting added without documentation fails here.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
// The system's own, passed through to child processes rather than read as settings.
const system = new Set(['PATH', 'HOME', 'NODE_ENV'])
const reads = [
  /process\.env\.([A-Z][A-Z0-9_]+)/g,
  /\benv\.([A-Z][A-Z0-9_]+)/g,
  /\benv\(\s*'([A-Z][A-Z0-9_]+)'/g,
  /Deno\.env\.get\(\s*'([A-Z][A-Z0-9_]+)'/g,
]

it('the README documents every setting the code reads', () => {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.js'], { cwd: root })
    .toString()
    .split('\n')
    .filter(Boolean)
  const read = new Set<string>()
  for (const file of files) {
    const text = readFileSync(`${root}${file}`, 'utf8')
    for (const pattern of reads) {
      for (const [, name = ''] of text.matchAll(pattern)) if (!system.has(name)) read.add(name)
    }
  }
  const readme = readFileSync(`${root}README.md`, 'utf8')
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Commands'))
  const documented = new Set([...table.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map(([, n]) => n))
  expect(read.size).toBeGreaterThan(10)
  expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([])
})
