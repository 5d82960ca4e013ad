// Whether dist/ still matches the sources, so `npm start` rebuilds only when something changed.
// The build stamps dist/ when it starts and again when it finishes; a source saved during a
// build is newer than its start, so the next start builds again rather than serve old files.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// What the build reads: sources, configs, installed packages (npm rewrites its lock in
// node_modules on every install that changes them) and Vite's .env files.
const inputFolders = ['src', 'widget', 'site', 'scripts']
const inputFiles = [
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
]
// What `npm start` serves: the widget partners load, and the prerendered pages.
const outputs = [
  'dist/widget/demo-request.js',
  'dist/widget/demo-request-loader.js',
  'dist/site/index.html',
  'dist/site/404.html',
  'dist/site/request-demo/index.html',
]
const stampFile = 'dist/build-stamp.json'

interface BuildStamp {
  /** Whole seconds: a file system that keeps coarse times cannot hide an edit made just after. */
  startedAt: number
  finished: boolean
  settings: Record<string, string>
}

/** The verdict on dist/, with the reason in words for the console. */
export interface BuildFreshness {
  current: boolean
  reason: string
}

// The settings Vite bakes into the build (envPrefix VITE_ and SITE_URL, see vite.config.ts, and
// the form's fields, widget/fields-setting.ts).
function buildSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const baked = (name: string) =>
    name.startsWith('VITE_') || name === 'SITE_URL' || name === 'DEMO_REQUEST_FIELDS'
  return Object.fromEntries(
    Object.entries(env)
      .filter(([name]) => baked(name))
      .map(([name, value]) => [name, value ?? '']),
  )
}

const writeStamp = (root: string, stamp: BuildStamp) =>
  writeFile(join(root, stampFile), `${JSON.stringify(stamp, null, 2)}\n`)

async function readStamp(root: string): Promise<BuildStamp | null> {
  try {
    return JSON.parse(await readFile(join(root, stampFile), 'utf8')) as BuildStamp
  } catch {
    return null
  }
}

// Every input file and folder (a folder's time changes when a file in it is added or removed).
async function inputPaths(root: string): Promise<string[]> {
  const inFolders = await Promise.all(
    inputFolders.map(async (folder) => {
      const entries = await readdir(join(root, folder), { recursive: true }).catch(() => [])
      return [folder, ...entries.map((entry) => join(folder, entry))]
    }),
  )
  return [...inputFiles, ...inFolders.flat()]
}

/** Whether the build in `root`/dist is complete and newer than every input, for `env`. */
export async function checkBuild(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BuildFreshness> {
  const stamp = await readStamp(root)
  if (!stamp?.finished) return { current: false, reason: 'no finished build in dist/' }
  for (const output of outputs) {
    if (!(await stat(join(root, output)).catch(() => null))) {
      return { current: false, reason: `${output} is missing` }
    }
  }
  const settings = buildSettings(env)
  for (const name of new Set([...Object.keys(settings), ...Object.keys(stamp.settings)])) {
    if (settings[name] !== stamp.settings[name]) {
      return { current: false, reason: `${name} differs from the last build’s` }
    }
  }
  for (const path of await inputPaths(root)) {
    const time = (await stat(join(root, path)).catch(() => null))?.mtimeMs ?? 0
    if (time >= stamp.startedAt) return { current: false, reason: `${path} changed` }
  }
  return { current: true, reason: `built ${new Date(stamp.startedAt).toLocaleString()}` }
}

/** Marks a build as started: until `finishBuild`, dist/ counts as not built. */
export async function beginBuild(root: string, env: NodeJS.ProcessEnv = process.env) {
  const stamp: BuildStamp = {
    startedAt: Math.floor(Date.now() / 1000) * 1000,
    finished: false,
    settings: buildSettings(env),
  }
  await mkdir(dirname(join(root, stampFile)), { recursive: true })
  await writeStamp(root, stamp)
}

/** Marks the build `beginBuild` started as complete. */
export async function finishBuild(root: string) {
  const stamp = await readStamp(root)
  if (!stamp) throw new Error(`${stampFile} is missing: the build did not begin with a stamp`)
  await writeStamp(root, { ...stamp, finished: true })
}

// `tsx server/build-freshness.ts begin|end`, the first and last steps of `npm run build`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const step = process.argv[2]
  if (step === 'begin') await beginBuild(root)
  else if (step === 'end') await finishBuild(root)
  else throw new Error(`Unknown step ${step}: begin or end`)
}
