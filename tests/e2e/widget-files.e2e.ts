// The full widget the loader fetches is the standalone file, published beside it under its
// content's name, which the loader names. (Their sizes: size-budgets.e2e.ts.)
import { readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const dir = fileURLToPath(new URL('../../dist/widget/', import.meta.url))

it('publishes the standalone widget beside the loader under its hash', async () => {
  const full = readdirSync(dir).filter((name) => /^demo-request-full-[0-9a-f]{10}\.js$/.test(name))
  expect(full).toHaveLength(1)
  const [copy, standalone, loader] = await Promise.all([
    readFile(`${dir}${full[0]}`),
    readFile(`${dir}demo-request.js`),
    readFile(`${dir}demo-request-loader.js`, 'utf8'),
  ])
  expect(copy.equals(standalone)).toBe(true)
  expect(loader).toContain(full[0])
})
