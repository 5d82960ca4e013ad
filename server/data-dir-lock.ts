import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Who holds an embedded database folder, and where its server answers, if it has one. */
export interface DataDirOwner {
  pid: number
  /** The owner's HTTP origin, so commands can ask it instead of opening the folder. */
  url: string | null
  /** A secret the owner's local-admin routes require, readable only from this machine. */
  token: string
}

/** A held lock on an embedded database folder. */
export interface DataDirLock {
  owner: DataDirOwner
  /** Records the origin the holder now serves on. */
  setUrl(url: string): Promise<void>
  release(): Promise<void>
}

const lockFile = (dataDir: string) => `${dataDir}.owner.json`

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The live owner of `dataDir`, or `null` when nobody holds it. */
export async function readDataDirOwner(dataDir: string): Promise<DataDirOwner | null> {
  try {
    const owner = JSON.parse(await readFile(lockFile(dataDir), 'utf8')) as DataDirOwner
    return isAlive(owner.pid) ? owner : null
  } catch {
    return null
  }
}

/**
 * Claims `dataDir` for this process. PGlite is a single-process database: a second process
 * opening the same folder would corrupt it, so a live owner makes this throw.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = lockFile(dataDir)
  await mkdir(dirname(file), { recursive: true })
  const owner: DataDirOwner = {
    pid: process.pid,
    url: null,
    token: randomBytes(32).toString('hex'),
  }
  const write = (flag: 'wx' | 'w') =>
    writeFile(file, JSON.stringify(owner), { encoding: 'utf8', mode: 0o600, flag })
  try {
    await write('wx')
  } catch {
    const current = await readDataDirOwner(dataDir)
    if (current !== null) {
      throw new Error(
        `${dataDir} is in use by process ${current.pid}${current.url ? ` (${current.url})` : ''}. ` +
          'Stop it first, or point DATABASE_URL at a Postgres server.',
      )
    }
    // The previous owner is gone without cleaning up.
    await write('w')
  }
  return {
    owner,
    async setUrl(url) {
      owner.url = url
      await write('w')
    },
    async release() {
      await rm(file, { force: true })
    },
  }
}
