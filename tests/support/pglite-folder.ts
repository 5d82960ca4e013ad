import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'

// PGlite runs initdb in every new database, in WebAssembly: about 5 s of a core each time, and
// the suite opens some forty. What initdb makes depends only on PGlite's version, so one empty
// database per version is made once, kept where npm tools keep their caches, and copied: a
// folder in milliseconds, an in-memory database from its tarball in about a second. The
// migrations still run on every copy, so they stay under test.
const modules = fileURLToPath(new URL('../../node_modules/', import.meta.url))
const { version } = JSON.parse(
  readFileSync(join(modules, '@electric-sql/pglite/package.json'), 'utf8'),
) as { version: string }
const cache = join(modules, `.cache/demo-request-tests/pglite-${version}`)
const folderCopy = join(cache, 'data')
const tarball = join(cache, 'data.tar')

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

// Made beside the cache under a name of its own, then renamed into place in one step: another
// test worker making it at the same moment loses the rename and uses the winner's.
async function makeTemplate() {
  const draft = `${cache}.${process.pid}.${randomBytes(4).toString('hex')}`
  try {
    await mkdir(draft, { recursive: true })
    const db = await PGlite.create({ dataDir: join(draft, 'data') })
    const dump = await db.dumpDataDir('none')
    await db.close()
    await writeFile(join(draft, 'data.tar'), Buffer.from(await dump.arrayBuffer()))
    await rename(draft, cache).catch(async (error: NodeJS.ErrnoException) => {
      if (!(await exists(tarball))) throw error
    })
  } finally {
    await rm(draft, { recursive: true, force: true })
  }
}

let made: Promise<void> | undefined
const template = () => {
  made ??= exists(tarball).then((ready) => (ready ? undefined : makeTemplate()))
  return made
}

/** Fills `folder` with a new, empty embedded database, as a fresh `PGLITE_DATA_DIR` would be. */
export async function newPgliteFolder(folder: string): Promise<string> {
  await template()
  await cp(folderCopy, folder, { recursive: true })
  return folder
}

/** `folder` as `newPgliteFolder` leaves it, unless it exists already: a database kept between runs. */
export async function pgliteFolderUnlessPresent(folder: string): Promise<string> {
  return (await exists(folder)) ? folder : newPgliteFolder(folder)
}

/** The tarball of a new, empty embedded database, for `PGlite.create({ loadDataDir })`. */
export async function newPgliteTarball(): Promise<Blob> {
  await template()
  return new Blob([await readFile(tarball)])
}
