import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'

// `npm start` and the commands beside it run their TypeScript through tsx, which in a new process
// costs about 1.1 s of a core more than Node loading the same code as JavaScript (leads.ts to its
// first line of output: 1.45 s against 0.35), and the backend files start some forty of them. So
// a test's process runs the entry from a bundle of its own sources made here, once per test
// process (0.25 s), with the same packages from node_modules; start-command.test.ts still runs
// one `npm start` through tsx, as `npm start` itself does.
const root = fileURLToPath(new URL('../..', import.meta.url))
const entries = [
  'server/start.ts',
  'server/leads.ts',
  'server/notify-retry.ts',
  'server/insights.ts',
  'server/console-link.ts',
]
const cache = join(root, 'node_modules/.cache/demo-request-tests')

// The server finds its root and the migrations from its modules' own URLs (config.ts,
// migrate.ts); in a bundle each module keeps the URL of its source file.
const ownUrls: Plugin = {
  name: 'own-import-meta-url',
  setup(plugin) {
    plugin.onLoad({ filter: /\.ts$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(path).href),
      ),
      loader: 'ts',
      resolveDir: dirname(path),
    }))
  },
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

// Named for what it holds, so a changed source makes a new folder and an unchanged one is
// reused; written beside it first and renamed into place, as another worker may race to it.
async function bundle(): Promise<string> {
  const { outputFiles } = await build({
    absWorkingDir: root,
    entryPoints: entries,
    // Only names the files (each entry under its own path, `server/start.js`): nothing is written there.
    outdir: join(root, 'bundle'),
    outbase: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    sourcemap: 'inline',
    plugins: [ownUrls],
    write: false,
    logLevel: 'silent',
  })
  const hash = createHash('sha256')
  for (const file of outputFiles) hash.update(`${file.path}\0`).update(file.contents)
  const folder = join(cache, `server-${hash.digest('hex').slice(0, 16)}`)
  if (await exists(folder)) return folder
  const draft = `${folder}.${process.pid}.${randomBytes(4).toString('hex')}`
  try {
    for (const file of outputFiles) {
      const path = join(draft, relative(join(root, 'bundle'), file.path))
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, file.contents)
    }
    await rename(draft, folder).catch(async (error: NodeJS.ErrnoException) => {
      if (!(await exists(folder))) throw error
    })
  } finally {
    await rm(draft, { recursive: true, force: true })
  }
  return folder
}

let bundled: Promise<string> | undefined

/**
 * Node's arguments that run `file` (one of server/'s entries, as `npm run` names it, e.g.
 * `server/leads.ts`) as its npm script does, from the repository's root, without tsx. Stack
 * traces name the TypeScript sources.
 */
export async function serverEntry(file: string): Promise<string[]> {
  if (!entries.includes(file)) throw new Error(`${file} is not one of ${entries.join(', ')}`)
  bundled ??= bundle()
  const folder = await bundled
  return ['--enable-source-maps', join(folder, file.replace(/\.ts$/, '.js'))]
}
