import { mkdtemp, statfs } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// The tests fill folders with thousands of files and delete them: a partner's node_modules
// (11,000 files for Next.js, 10,000 for Astro), PGlite's databases, PostgreSQL's clusters, the
// deploy check's project. On an ext4 disk without a journal, as the test machine's is, each new
// file skips the inodes deleted in the last minutes and reads the inode table to find them: an
// `npm install` of the Next.js app took 25 s of a core in /tmp (15 of them in the kernel, perf:
// ext4 `recently_deleted`) and 14 s in /dev/shm.
const inMemory = '/dev/shm'
const tmpfsMagic = 0x01021994
// Docker's /dev/shm is 64 MB: the partner apps together hold about a gigabyte while they build.
const roomNeeded = 2 * 1024 ** 3

type StatFs = (path: string) => Promise<{ type: number; bavail: number; bsize: number }>

/** /dev/shm when it is a tmpfs with room for the e2e files' folders, else the system's tmpdir. */
export async function scratchRoot(stat: StatFs = statfs): Promise<string> {
  try {
    const { type, bavail, bsize } = await stat(inMemory)
    if (type === tmpfsMagic && bavail * bsize >= roomNeeded) return inMemory
  } catch {
    // No /dev/shm (macOS, Windows): the system's own temporary folder.
  }
  return tmpdir()
}

/** A new empty folder named `prefix…`, kept in memory where the machine allows (scratchRoot). */
export async function scratchFolder(prefix: string): Promise<string> {
  return mkdtemp(join(await scratchRoot(), prefix))
}
