// The deployed function resolves its npm packages from deno.json alone: the Supabase CLI uploads
// deno.json but not deno.lock. So each version there is exact, and the same one Node's tests run;
// what those packages bring resolves within their ranges, checked against Node's lock here and
// by `npm run check:deploy` on the upload itself.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { consoleEntry, functionConfig, repoRoot } from '../../../tests/support/deno-function.ts'

const readJson = (path: string) => JSON.parse(readFileSync(`${repoRoot}${path}`, 'utf8'))

const packageJson = readJson('package.json')
const packageLock = readJson('package-lock.json')

// send-demo-request's and the console's, each uploaded with its own import map.
describe.each([functionConfig, consoleEntry.config])('the npm versions of %s', (config) => {
  const denoJson: { imports: Record<string, string> } = readJson(config)
  const denoLock = readJson(config.replace(/deno\.json$/, 'deno.lock'))
  // The maps name local folders too (`#core/`, the shared rules): files uploaded, not versions.
  const pins = Object.entries(denoJson.imports)
    .filter(([, specifier]) => !specifier.startsWith('.'))
    .map(([alias, specifier]) => {
      const [, name = '', version = ''] = /^npm:((?:@[^/]+\/)?[^@]+)@(.*)$/.exec(specifier) ?? []
      return { alias, specifier, name, version }
    })

  it('are exact in deno.json', () => {
    expect(pins.length).toBeGreaterThan(0)
    for (const pin of pins) {
      expect(pin.specifier, pin.alias).toMatch(/^npm:/)
      expect(pin.version, pin.specifier).toMatch(/^\d+\.\d+\.\d+$/)
    }
  })

  it("are the versions package.json's lock installs for Node", () => {
    const declared = { ...packageJson.dependencies, ...packageJson.devDependencies }
    for (const { name, version } of pins) {
      expect(declared[name], `${name} in package.json`).toBeDefined()
      expect(packageLock.packages[`node_modules/${name}`]?.version, name).toBe(version)
    }
  })

  it('lock, with what they bring, the versions and integrity npm recorded', () => {
    expect(denoLock.specifiers).toMatchObject(
      Object.fromEntries(pins.map(({ specifier, version }) => [specifier, version])),
    )
    // What runs: the pins and what they depend on, not what type declarations bring.
    const ids = Object.keys(denoLock.npm)
    const idOf = (name: string) => ids.find((id) => id.startsWith(`${name}@`))
    const running = new Set<string>()
    const visit = (id: string | undefined) => {
      if (id === undefined || running.has(id)) return
      running.add(id)
      const entry = denoLock.npm[id]
      for (const name of [...(entry.dependencies ?? []), ...(entry.optionalDependencies ?? [])]) {
        visit(idOf(name))
      }
    }
    for (const { name } of pins) if (!name.startsWith('@types/')) visit(idOf(name))
    expect(running.size).toBeGreaterThanOrEqual(pins.length - 1)
    for (const id of running) {
      const [, name = '', version = ''] = /^((?:@[^/]+\/)?[^@]+)@([^_]+)/.exec(id) ?? []
      const installed = packageLock.packages[`node_modules/${name}`]
      expect(installed?.version, id).toBe(version)
      expect(denoLock.npm[id].integrity, id).toBe(installed?.integrity)
    }
  })
})
