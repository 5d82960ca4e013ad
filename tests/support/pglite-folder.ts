import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { openPgliteDatabase } from '../../server/database.ts'
import { runMigrations } from '../../server/migrate.ts'

// PGlite runs initdb in every new database, in WebAssembly: about 5 s of a core each time, and
// the suite opens some forty. What initdb makes depends only on PGlite's version, so one empty
// database per version is made once, kept where npm tools keep their caches, and copied: a
// folder in milliseconds, an in-memory database from its tarball in about a second.
// Applying the migrations to each copy cost another 1.5 s of a core, the same statements on the
// same empty database every time, so a second template holds them applied, one per content of
// supabase/migrations/: a changed or added migration makes a new one. A migrated copy still
// runs the migrations, which find each applied; they run in full on the empty template in
// migrate.test.ts, local-server.test.ts, start-command.test.ts and the e2e suite's server.
const modules = fileURLToPath(new URL('../../node_modules/', import.meta.url))
const migrations = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url))
const { version } = JSON.parse(
  readFileSync(join(modules, '@electric-sql/pglite/package.json'), 'utf8'),
) as { version: string }
const cache = join(modules, `.cache/demo-request-tests/pglite-${version}`)

interface Template {
  /** Where it is kept: `data`, the folder, and `data.tar`, its dump. */
  folder: string
  /** Makes the template's database in the empty folder `dataDir`. */
  make(dataDir: string): Promise<void>
}

// The system's cp rather than Node's fs.cp, which walks the folder's thousand files in
// JavaScript: 1.4–1.9 s of a core a copy against 0.3–0.8, and the backend files make some twenty.
async function copyFolder(from: string, to: string) {
  await mkdir(to, { recursive: true })
  await promisify(execFile)('cp', ['-R', `${from}/.`, to])
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

// Made beside the cache under a name of its own, then renamed into place in one step: another
// test worker making it at the same moment loses the rename and uses the winner's.
async function makeTemplate({ folder, make }: Template) {
  const draft = `${folder}.${process.pid}.${randomBytes(4).toString('hex')}`
  try {
    await mkdir(draft, { recursive: true })
    await make(join(draft, 'data'))
    const db = await PGlite.create({ dataDir: join(draft, 'data') })
    const dump = await db.dumpDataDir('none')
    await db.close()
    await writeFile(join(draft, 'data.tar'), Buffer.from(await dump.arrayBuffer()))
    await rename(draft, folder).catch(async (error: NodeJS.ErrnoException) => {
      if (!(await exists(join(folder, 'data.tar')))) throw error
    })
  } finally {
    await rm(draft, { recursive: true, force: true })
  }
}

const made = new Map<string, Promise<void>>()
/** `template`'s folder, once it is made. */
function madeTemplate(template: Template): Promise<string> {
  const { folder } = template
  let making = made.get(folder)
  if (!making) {
    making = exists(join(folder, 'data.tar')).then((ready) =>
      ready ? undefined : makeTemplate(template),
    )
    made.set(folder, making)
  }
  return making.then(() => folder)
}

const empty: Template = {
  folder: cache,
  async make(dataDir) {
    await (await PGlite.create({ dataDir })).close()
  },
}

// Named for the migrations' names and contents, so no copy is ever of migrations since changed.
async function migratedTemplate(): Promise<Template> {
  const hash = createHash('sha256')
  for (const file of (await readdir(migrations)).sort()) {
    hash.update(`${file}\0${await readFile(join(migrations, file))}\0`)
  }
  return {
    folder: `${cache}-migrated-${hash.digest('hex').slice(0, 16)}`,
    async make(dataDir) {
      await copyFolder(join(await madeTemplate(empty), 'data'), dataDir)
      const db = await openPgliteDatabase(dataDir)
      try {
        await runMigrations(db)
      } finally {
        await db.close()
      }
    },
  }
}

/** Fills `folder` with a new, empty embedded database, as a fresh `PGLITE_DATA_DIR` would be. */
export async function newPgliteFolder(folder: string): Promise<string> {
  await copyFolder(join(await madeTemplate(empty), 'data'), folder)
  return folder
}

/** Fills `folder` with a new embedded database that has every migration applied. */
export async function migratedPgliteFolder(folder: string): Promise<string> {
  const template = await madeTemplate(await migratedTemplate())
  await copyFolder(join(template, 'data'), folder)
  return folder
}

/** `folder` as `migratedPgliteFolder` leaves it, unless it exists already: a database kept between runs. */
export async function migratedPgliteFolderUnlessPresent(folder: string): Promise<string> {
  return (await exists(folder)) ? folder : migratedPgliteFolder(folder)
}

/** The tarball of a new, empty embedded database, for `PGlite.create({ loadDataDir })`. */
export async function newPgliteTarball(): Promise<Blob> {
  return new Blob([await readFile(join(await madeTemplate(empty), 'data.tar'))])
}

/** The tarball of a new embedded database that has every migration applied. */
export async function migratedPgliteTarball(): Promise<Blob> {
  const template = await madeTemplate(await migratedTemplate())
  return new Blob([await readFile(join(template, 'data.tar'))])
}
