import { cp } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

const templates = new Map<string, Promise<string>>()

async function makeTemplate(folder: string): Promise<string> {
  const db = await PGlite.create({ dataDir: folder })
  await db.close()
  return folder
}

/**
 * Fills `folder` with a new, empty embedded database, as a fresh `PGLITE_DATA_DIR` would be.
 * PGlite runs initdb in every new folder, which takes seconds; this copies one made once beside
 * it, which takes milliseconds, so it is removed with the test's own temporary folder.
 */
export async function newPgliteFolder(folder: string): Promise<string> {
  const parent = dirname(folder)
  let template = templates.get(parent)
  if (template === undefined) {
    template = makeTemplate(join(parent, '.pglite-template'))
    templates.set(parent, template)
  }
  await cp(await template, folder, { recursive: true })
  return folder
}
