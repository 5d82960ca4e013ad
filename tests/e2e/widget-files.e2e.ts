// The full widget the loader fetches is published beside it under its content's name, which the
// loader names; so is each language's copy script, which both React scripts name. (Their sizes:
// size-budgets.e2e.ts.)
import { readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const dir = fileURLToPath(new URL('../../dist/widget/', import.meta.url))
const named = (pattern: RegExp) => readdirSync(dir).filter((name) => pattern.test(name))

it('publishes the full widget beside the loader under its hash, without the standalone element', async () => {
  const full = named(/^demo-request-full-[0-9a-f]{10}\.js$/)
  expect(full).toHaveLength(1)
  const [code, standalone, loader] = await Promise.all([
    readFile(`${dir}${full[0]}`, 'utf8'),
    readFile(`${dir}demo-request.js`, 'utf8'),
    readFile(`${dir}demo-request-loader.js`, 'utf8'),
  ])
  expect(loader).toContain(full[0])
  // The standalone script defines the element with r2wc; the full widget hands the form to the
  // loader's element instead, and is the smaller by r2wc's part.
  expect(standalone).toContain('attributeChangedCallback')
  expect(code).not.toContain('attributeChangedCallback')
  expect(code.length).toBeLessThan(standalone.length)
})

it("publishes each language's words beside both, named by both", async () => {
  const copies = named(/^demo-request-copy-[a-z]+-[0-9a-f]{10}\.js$/)
  expect(copies.map((name) => name.split('-')[3])).toEqual(['es'])
  const full = named(/^demo-request-full-[0-9a-f]{10}\.js$/)
  for (const script of ['demo-request.js', ...full]) {
    expect(await readFile(`${dir}${script}`, 'utf8')).toContain(copies[0])
  }
  const words = await readFile(`${dir}${copies[0]}`, 'utf8')
  expect(words).toContain('Solicitar demostración')
  // English pages download none of it: the React scripts carry no Spanish.
  expect(await readFile(`${dir}demo-request.js`, 'utf8')).not.toContain('Solicitar demostración')
})
