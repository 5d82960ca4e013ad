/**
 * Starts the real local server (`server/start.ts`, as `npm start` does, without rebuilding)
 * on a free port with an embedded database in a fresh temporary folder, and stops it after;
 * packs the package once for the files that install it (partner-package.ts).
 */
import { access, mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { scratchFolder } from '../support/scratch-folder.ts'
import { startLocalServer } from '../support/start-local-server.ts'
import { npmPack, type Packed } from './partner-package.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    dataDir: string
    /** The package packed once for the files that install it as a partner does, and where. */
    packed: Packed & { folder: string }
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url))
const builtPages = [
  'index.html',
  'request-demo/index.html',
  'privacy/index.html',
  'terms/index.html',
  'console/index.html',
  'share/index.html',
  '404.html',
]

export default async function setup(project: TestProject) {
  for (const page of builtPages) {
    await access(join(root, 'dist/site', page)).catch(() => {
      throw new Error(`dist/site/${page} is missing: run \`npm run build:site\` first`)
    })
  }
  const tempDir = await scratchFolder('site-e2e-')
  const dataDir = join(tempDir, 'pglite')
  // Packed while the server starts, not after it: no file starts before both are done.
  const packedIn = join(tempDir, 'package')
  const packing = mkdir(packedIn).then(() => npmPack(packedIn))
  const starting = startLocalServer(
    {
      PGLITE_DATA_DIR: dataDir,
      // The embedded database and no email, whatever the developer's shell holds.
      DATABASE_URL: '',
      RESEND_API_KEY: '',
      // The widget solves a proof of work for every lead, as against the deployed function.
      POW_MIN_BITS: '4',
      POW_MAX_BITS: '8',
      NOTIFY_WEBHOOK_URL: '',
      // Every e2e file posts to this one server from 127.0.0.1. Limits set here, far above what
      // the files send together, mean one more submission in any file cannot make whichever file
      // runs last fail with a 429; the limits themselves are tested in the backend tests.
      RATE_LIMIT_MAX: '1000',
      RATE_LIMIT_GLOBAL_MAX: '10000',
      RATE_LIMIT_WINDOW_SECONDS: '600',
      // Likewise every page view's funnel batch (default 30 a window).
      ANALYTICS_CLIENT_MAX: '1000',
      // The one server of the suite that starts on a new folder as a fresh clone's does.
    },
    { initdb: true },
  )
  const [started, packed] = await Promise.allSettled([starting, packing])
  if (started.status === 'rejected' || packed.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop()
    await rm(tempDir, { recursive: true, force: true })
    throw started.status === 'rejected' ? started.reason : (packed as PromiseRejectedResult).reason
  }
  const server = started.value
  project.provide('baseUrl', server.url)
  project.provide('dataDir', dataDir)
  project.provide('packed', { folder: packedIn, ...packed.value })

  return async () => {
    await server.stop()
    await rm(tempDir, { recursive: true, force: true })
  }
}
