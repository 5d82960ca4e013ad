import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Removes every script element and modulepreload from an HTML page. */
const stripScripts = (html: string) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, '')

/**
 * A copy of the built site in a temporary folder with `pages` stripped of their JavaScript:
 * what a visitor gets from the prerendered HTML and CSS alone. The caller removes the folder.
 */
export async function noScriptSite(siteDir: string, pages: readonly string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-no-script-'))
  await cp(siteDir, dir, { recursive: true })
  for (const page of pages) {
    const file = join(dir, page)
    await writeFile(file, stripScripts(await readFile(file, 'utf8')))
    // The build's compressed copies hold the page with its scripts.
    await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })])
  }
  return dir
}
