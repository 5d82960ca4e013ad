import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { beginBuild, checkBuild, finishBuild } from './build-freshness.ts'

// A project folder with sources and a finished build; file times are set, not waited for.
let root: string
const anHourAgo = new Date(Date.now() - 3_600_000)
const touch = async (path: string, time = anHourAgo) => {
  await mkdir(join(root, path, '..'), { recursive: true })
  await writeFile(join(root, path), 'x')
  await utimes(join(root, path), time, time)
}
const outputs = [
  'dist/widget/demo-request.js',
  'dist/widget/demo-request-loader.js',
  'dist/site/index.html',
  'dist/site/404.html',
  'dist/site/request-demo/index.html',
]

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'demo-request-freshness-'))
  for (const source of ['src/form.ts', 'widget/define.ts', 'site/main.tsx', 'package.json']) {
    await touch(source)
  }
  for (const folder of ['src', 'widget', 'site']) {
    await utimes(join(root, folder), anHourAgo, anHourAgo)
  }
  await beginBuild(root, {})
  for (const output of outputs) await touch(output, new Date())
  await finishBuild(root)
})
afterEach(() => rm(root, { recursive: true, force: true }))

it('counts a finished build newer than every source as current', async () => {
  expect(await checkBuild(root, {})).toMatchObject({ current: true })
})

it('rebuilds when a source, a config or the installed packages changed since', async () => {
  for (const path of ['site/main.tsx', 'vite.config.ts', 'node_modules/.package-lock.json']) {
    await touch(path, new Date(Date.now() + 2000))
    expect(await checkBuild(root, {})).toEqual({ current: false, reason: `${path} changed` })
    await rm(join(root, path))
    await utimes(join(root, path, '..'), anHourAgo, anHourAgo)
  }
})

it('rebuilds when a source was removed: its folder changed', async () => {
  await rm(join(root, 'widget/define.ts'))
  expect(await checkBuild(root, {})).toEqual({ current: false, reason: 'widget changed' })
})

it('rebuilds when a setting baked into the build differs', async () => {
  expect(await checkBuild(root, { SITE_URL: 'https://www.example.com' })).toEqual({
    current: false,
    reason: 'SITE_URL differs from the last build’s',
  })
  expect(await checkBuild(root, { DEMO_REQUEST_FIELDS: 'email' })).toEqual({
    current: false,
    reason: 'DEMO_REQUEST_FIELDS differs from the last build’s',
  })
  expect(await checkBuild(root, { PORT: '4000' })).toMatchObject({ current: true })
})

it('rebuilds when an output is missing, or the last build never finished', async () => {
  await rm(join(root, 'dist/site/404.html'))
  expect(await checkBuild(root, {})).toEqual({
    current: false,
    reason: 'dist/site/404.html is missing',
  })
  await touch('dist/site/404.html')
  await beginBuild(root, {})
  expect(await checkBuild(root, {})).toEqual({
    current: false,
    reason: 'no finished build in dist/',
  })
})

it('rebuilds when there is no build at all', async () => {
  await rm(join(root, 'dist'), { recursive: true })
  expect(await checkBuild(root, {})).toMatchObject({ current: false })
})
