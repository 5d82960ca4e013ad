// The React scripts' build-time half (Node) for languages, in the standalone script's build and the
// full widget's: each language but English built as a classic script of its own,
// `demo-request-copy-<language>-<hash>.js` (copy-script.ts), named by its content so a browser may
// keep it for good, and src/copy/copies.ts replaced by copy-scripts.ts, which fetches them.
// English visitors download none of them.
import { createHash } from 'node:crypto'
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin, type Rolldown } from 'vite'
import { supportedLanguages } from '#core/languages.ts'
import { leadFields, phoneDigits } from '#core/lead-fields.ts'
import type { FetchedLanguage } from '../src/copy/copies.ts'

const namesModuleId = 'virtual:demo-request-copy-scripts'
const copyModuleId = 'virtual:demo-request-copy'
const copiesModule = fileURLToPath(new URL('../src/copy/copies.ts', import.meta.url))
const copyScriptsModule = fileURLToPath(new URL('copy-scripts.ts', import.meta.url))
const catalogueModule = fileURLToPath(new URL('../src/core/lead-fields.ts', import.meta.url))
const copyScriptName = /^demo-request-copy-[a-z]+-[0-9a-f]+\.js(\.br|\.gz)?$/

const fetchedLanguages = supportedLanguages.filter(
  (language): language is FetchedLanguage => language !== 'en',
)

// What a copy quotes of the field catalogue, its limits, in place of the whole catalogue, which
// the widget already carries: Spanish's script of 2.5 kB gzip becomes one of 1.8.
const catalogueLimits = `export const leadFields = ${JSON.stringify(
  Object.fromEntries(Object.entries(leadFields).map(([name, { max }]) => [name, { max }])),
)}\nexport const phoneDigits = ${JSON.stringify(phoneDigits)}`

/** `language`'s copy script, built from copy-script.ts: its module `<language>.ts` inside. */
async function buildCopyScript(language: FetchedLanguage): Promise<string> {
  const copyModule = fileURLToPath(new URL(`../src/copy/${language}.ts`, import.meta.url))
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'demo-request-copy',
        resolveId: (source) => (source === copyModuleId ? `\0${copyModuleId}` : undefined),
        load(id) {
          if (id === catalogueModule) return catalogueLimits
          if (id !== `\0${copyModuleId}`) return undefined
          return `export { ${language} as copy } from ${JSON.stringify(copyModule)}`
        },
      },
    ],
    build: {
      write: false,
      lib: {
        entry: fileURLToPath(new URL('copy-script.ts', import.meta.url)),
        formats: ['iife'],
        name: 'DemoRequestCopy',
      },
    },
  })) as Rolldown.RolldownOutput[]
  const chunk = output[0]?.output[0]
  if (chunk?.type !== 'chunk') throw new Error(`The ${language} copy script was not built`)
  return chunk.code
}

// A copy script's name: its language, and a hash of its content, so a browser may keep it for good.
const copyScriptFileName = (language: string, code: string) =>
  `demo-request-copy-${language}-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`

/**
 * For the standalone build: the copy scripts beside `demo-request.js`, copies.ts replaced by
 * copy-scripts.ts, and what earlier builds left removed.
 */
export function copyScriptsBuild(): Plugin {
  const scripts = new Map<FetchedLanguage, { fileName: string; code: string }>()
  return {
    name: 'demo-request-copy-scripts',
    async buildStart() {
      for (const language of fetchedLanguages) {
        const code = await buildCopyScript(language)
        scripts.set(language, { fileName: copyScriptFileName(language, code), code })
      }
    },
    resolveId: (source) => (source === namesModuleId ? `\0${namesModuleId}` : undefined),
    // Loaded in copies.ts's place, not resolved there: Vite resolves relative imports itself.
    load(id) {
      if (id === copiesModule)
        return `export { copyModules } from ${JSON.stringify(copyScriptsModule)}`
      if (id !== `\0${namesModuleId}`) return undefined
      const names = [...scripts].map(([language, { fileName }]) => [language, fileName])
      return `export const copyScripts = ${JSON.stringify(Object.fromEntries(names))}`
    },
    generateBundle() {
      for (const { fileName, code } of scripts.values()) {
        this.emitFile({ type: 'asset', fileName, source: code })
      }
    },
    async writeBundle({ dir = '.' }) {
      const current = [...scripts.values()].map(({ fileName }) => fileName)
      for (const file of await readdir(dir)) {
        if (copyScriptName.test(file) && !current.some((name) => file.startsWith(name))) {
          await rm(join(dir, file))
        }
      }
    },
  }
}
