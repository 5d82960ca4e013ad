import { readFile } from 'node:fs/promises'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { brand, siteCopy } from '../../../site/site-copy.ts'
import {
  functionConfig,
  functionEntry,
  repoRoot,
  runDeno,
} from '../../../tests/support/deno-function.ts'

interface DenoInfo {
  modules: { specifier: string; error?: string }[]
}

// The function's module graph is what the Supabase CLI uploads, so it must stay free of site code.
// `--no-npm` and `--no-remote` keep Deno offline: the npm packages are only named (with an error
// saying they were not resolved), and the local files, the part that matters here, are listed in full.
async function moduleGraph(): Promise<DenoInfo['modules']> {
  const { stdout } = await runDeno([
    'info',
    '--json',
    '--no-npm',
    '--no-remote',
    '--config',
    functionConfig,
    functionEntry,
  ])
  return (JSON.parse(stdout) as DenoInfo).modules
}

describe("the function's module graph", () => {
  it('holds the schema and the form copy, no site file or site copy, and only files the CLI uploads', async () => {
    const modules = await moduleGraph()
    const local = modules.filter((module) => module.specifier.startsWith('file:'))
    const paths = local.map((module) => relative(repoRoot, fileURLToPath(module.specifier)))

    expect(local.filter((module) => module.error)).toEqual([])
    expect(paths).toContain(functionEntry)
    expect(paths).toContain('src/core/demo-request-schema.ts')
    expect(paths).toContain('src/core/form-copy.ts')
    expect(
      paths.filter((path) => path.startsWith('site/') || path.endsWith('site-copy.ts')),
    ).toEqual([])
    // Site copy pasted into a shared module would pass the path checks; its words would not.
    for (const path of paths) {
      const text = await readFile(`${repoRoot}${path}`, 'utf8')
      expect(text, path).not.toContain(brand.name)
      expect(text, path).not.toContain(siteCopy.hero.tagline)
    }
    // Of src/ only the runtime-neutral core, and by its name (deno.json's `#core/`), so a moved
    // function folder or core file is one import-map line, not a hunt through relative paths.
    expect(
      paths.filter(
        (path) => !path.startsWith('supabase/functions/') && !path.startsWith('src/core/'),
      ),
    ).toEqual([])
    const climbingToSrc = /from '(\.\.\/)+src\//
    for (const path of paths.filter((path) => path.startsWith('supabase/'))) {
      expect(await readFile(`${repoRoot}${path}`, 'utf8'), path).not.toMatch(climbingToSrc)
    }
    // Beyond local files only npm packages, which the deno.json import map names, and the
    // runtime's own `node:` modules (node:crypto hashes the client key), which nothing uploads.
    const remote = modules.filter((module) => !module.specifier.startsWith('file:'))
    expect(
      remote.filter(
        (module) => !module.specifier.startsWith('npm:') && !module.specifier.startsWith('node:'),
      ),
    ).toEqual([])
  }, 60_000)
})
