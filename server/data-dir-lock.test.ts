import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scratchFolder } from '../tests/support/scratch-folder.ts'
import { askDataDirHolder, lockDataDir } from './data-dir-lock.ts'

let folder: string
beforeAll(async () => {
  folder = await scratchFolder('demo-request-lock-')
})
afterAll(() => rm(folder, { recursive: true, force: true }))

it('is held by one of two processes racing for it, and free again on release', async () => {
  const dataDir = join(folder, 'raced')
  const results = await Promise.allSettled([lockDataDir(dataDir), lockDataDir(dataDir)])
  const held = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  expect(held).toHaveLength(1)
  expect(results.find((result) => result.status === 'rejected')).toMatchObject({
    reason: { message: expect.stringContaining('is open in another process') },
  })
  await held[0]?.release()
  await (await lockDataDir(dataDir)).release()
})

it('answers commands for its holder, and nobody once released', async () => {
  const dataDir = join(folder, 'asked')
  const lock = await lockDataDir(dataDir)
  lock.answer(async (command) => ({ output: `ran ${command}\n`, exitCode: 0 }))
  expect(await askDataDirHolder(dataDir, 'leads', null)).toEqual({
    output: 'ran leads\n',
    exitCode: 0,
  })
  await lock.release()
  expect(await askDataDirHolder(dataDir, 'leads', null)).toBeNull()
})

it('is free at once after its holder is killed, with nothing stale left behind', async () => {
  const dataDir = join(folder, 'killed')
  const holder = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--eval',
      `import('./server/data-dir-lock.ts').then(async ({ lockDataDir }) => {
         await lockDataDir(${JSON.stringify(dataDir)}); console.log('held')
       })`,
    ],
    { cwd: new URL('..', import.meta.url).pathname, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise((resolve) => holder.stdout?.once('data', resolve))
  await expect(lockDataDir(dataDir)).rejects.toThrow('is open in another process')
  const gone = new Promise((resolve) => holder.once('exit', resolve))
  holder.kill('SIGKILL')
  await gone
  await (await lockDataDir(dataDir)).release()
})
