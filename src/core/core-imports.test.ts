// The core is what the widget, the site, the console and the Deno function all import (`#core/`),
// so it may lean on nothing that one of them lacks: its own files, and valibot, which the
// function's deno.json pins. Its tests may reach further; they are not imported.
import { readdir, readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'

const folder = new URL('./', import.meta.url)
const allowed = /^(\.\/[a-z-]+\.ts|valibot)$/

describe('src/core', () => {
  it('imports only its own files and valibot', async () => {
    const files = (await readdir(folder)).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    )
    expect(files).toContain('demo-request-schema.ts')
    const strays: string[] = []
    for (const file of files) {
      const text = await readFile(new URL(file, folder), 'utf8')
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        if (!allowed.test(specifier ?? '')) strays.push(`${file}: ${specifier}`)
      }
    }
    expect(strays).toEqual([])
  })
})
