import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { precompress } from './precompress.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'demo-request-precompress-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const big = 'body { color: navy }\n'.repeat(100)

it('writes brotli and gzip copies of text files over 1 KB, and leaves the rest alone', async () => {
  await mkdir(join(dir, 'assets'))
  await writeFile(join(dir, 'assets', 'app.css'), big)
  await writeFile(join(dir, 'small.js'), 'x()')
  await writeFile(join(dir, 'font.woff2'), big)
  expect(await precompress(dir)).toBe(1)
  const css = join(dir, 'assets', 'app.css')
  expect(brotliDecompressSync(await readFile(`${css}.br`)).toString()).toBe(big)
  expect(gunzipSync(await readFile(`${css}.gz`)).toString()).toBe(big)
  expect((await readdir(dir)).sort()).toEqual(['assets', 'font.woff2', 'small.js'])
})

it('drops the copies of a file that shrank below the limit', async () => {
  await writeFile(join(dir, 'index.html'), big)
  await precompress(dir)
  await writeFile(join(dir, 'index.html'), 'small now')
  await precompress(dir)
  expect(await readdir(dir)).toEqual(['index.html'])
})
