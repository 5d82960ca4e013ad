import { rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchFolder, scratchRoot } from './scratch-folder.ts'

const gib = 1024 ** 3
const tmpfs = 0x01021994
const ext4 = 0xef53

describe('scratchRoot', () => {
  it('is /dev/shm when it is a tmpfs with 2 GiB free', async () => {
    expect(await scratchRoot(async () => ({ type: tmpfs, bavail: 2 * gib, bsize: 1 }))).toBe(
      '/dev/shm',
    )
  })

  it("is the system's tmpdir when /dev/shm is too small, not a tmpfs, or absent", async () => {
    const small = async () => ({ type: tmpfs, bavail: 64 * 1024 ** 2, bsize: 1 })
    const onDisk = async () => ({ type: ext4, bavail: 100 * gib, bsize: 1 })
    const absent = () => Promise.reject(Object.assign(new Error('ENOENT'), { code: 'ENOENT' }))
    for (const stat of [small, onDisk, absent]) expect(await scratchRoot(stat)).toBe(tmpdir())
  })
})

it('scratchFolder makes a new empty folder under the chosen root', async () => {
  const folder = await scratchFolder('scratch-test-')
  try {
    expect(basename(folder)).toMatch(/^scratch-test-/)
    expect(folder.startsWith(await scratchRoot())).toBe(true)
    expect((await stat(folder)).isDirectory()).toBe(true)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})
