/**
 * Starts the real local server (`server/start.ts`, as `npm start` does, without rebuilding)
 * on a free port with an embedded database in a fresh temporary folder, and stops it after.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { access, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    dataDir: string
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url))
const builtPages = ['index.html', 'request-demo/index.html', '404.html']

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

async function waitForServer(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with ${child.exitCode}:\n${output()}`)
    }
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server did not answer on ${url} within 60 s:\n${output()}`)
}

export default async function setup(project: TestProject) {
  for (const page of builtPages) {
    await access(join(root, 'dist/site', page)).catch(() => {
      throw new Error(`dist/site/${page} is missing: run \`npm run build:site\` first`)
    })
  }
  const tempDir = await mkdtemp(join(tmpdir(), 'site-e2e-'))
  const dataDir = join(tempDir, 'pglite')
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`

  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      PGLITE_DATA_DIR: dataDir,
      // The embedded database and no email, whatever the developer's shell holds.
      DATABASE_URL: '',
      RESEND_API_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))

  try {
    await waitForServer(baseUrl, child, () => output)
  } catch (error) {
    child.kill('SIGKILL')
    await rm(tempDir, { recursive: true, force: true })
    throw error
  }
  project.provide('baseUrl', baseUrl)
  project.provide('dataDir', dataDir)

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    await rm(tempDir, { recursive: true, force: true })
  }
}
