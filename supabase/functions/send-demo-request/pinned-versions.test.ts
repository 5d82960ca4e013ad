// The deployed function resolves its npm packages from deno.json alone: the Supabase CLI uploads
// deno.json but not deno.lock. So each version there is exact, and the same one Node's tests run.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { functionConfig, repoRoot } from '../../../tests/support/deno-function.ts'

const readJson = (path: string) => JSON.parse(readFileSync(`${repoRoot}${path}`, 'utf8'))

const denoJson: { imports: Record<string, string> } = readJson(functionConfig)
const denoLock = readJson(functionConfig.replace(/deno\.json$/, 'deno.lock'))
const packageJson = readJson('package.json')
const packageLock = readJson('package-lock.json')

const pins = Object.entries(denoJson.imports).map(([alias, specifier]) => {
  const [, name = '', version = ''] = /^npm:((?:@[^/]+\/)?[^@]+)@(.*)$/.exec(specifier) ?? []
  return { alias, specifier, name, version }
})

describe("the function's npm versions", () => {
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

  it('are the whole npm graph of deno.lock, with the integrity npm recorded', () => {
    expect(denoLock.specifiers).toEqual(
      Object.fromEntries(pins.map(({ specifier, version }) => [specifier, version])),
    )
    // Packages with no dependencies of their own: an exact version fixes everything deployed.
    expect(Object.keys(denoLock.npm).sort()).toEqual(
      pins.map(({ name, version }) => `${name}@${version}`).sort(),
    )
    for (const { name, version } of pins) {
      expect(denoLock.npm[`${name}@${version}`].integrity, name).toBe(
        packageLock.packages[`node_modules/${name}`].integrity,
      )
      expect(denoLock.npm[`${name}@${version}`].dependencies, name).toBeUndefined()
    }
  })
})
