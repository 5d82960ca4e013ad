// `npm test`'s first step: the Debian packages the tests need, all checked at once. As root on
// Debian it installs the missing ones; elsewhere it stops with the one line that installs them,
// rather than failing one browser at a time, or running without PostgreSQL's tests.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { enginePackages } from '../tests/engines/engines.ts'
import { findPostgresBin } from '../tests/support/postgres-cluster.ts'
import { chromiumPath, chromiumShellPath } from './chromium-path.js'

/**
 * Each package the tests need, with the check that it is there (CHROMIUM_PATH,
 * CHROMIUM_SHELL_PATH, POSTGRES_BIN).
 */
const testPackages: Array<[string, () => boolean | Promise<boolean>]> = [
  ['chromium', () => chromiumPath() !== undefined],
  ['chromium-headless-shell', () => chromiumShellPath() !== undefined],
  ...enginePackages.firefox,
  ...enginePackages.webkit,
  ['postgresql-15', async () => (await findPostgresBin()) !== null],
]

export interface Machine {
  root: boolean
  /** Debian (`/etc/debian_version`) with `apt-get`. */
  apt: boolean
}

/** What the preflight does about the packages `missing` on `machine`. */
export type Preflight =
  | { action: 'go' }
  | { action: 'install'; say: string; packages: string[] }
  | { action: 'stop'; say: string }

export function preflight(missing: string[], machine: Machine): Preflight {
  if (missing.length === 0) return { action: 'go' }
  const names = missing.join(' ')
  if (machine.root && machine.apt) {
    return { action: 'install', say: `Installing ${names} for the tests`, packages: missing }
  }
  const sudo = machine.root ? '' : 'sudo '
  return {
    action: 'stop',
    say: `The tests need ${names}. Install with: ${sudo}apt-get update && ${sudo}apt-get install -y ${names}`,
  }
}

async function missingPackages(): Promise<string[]> {
  const found = await Promise.all(
    testPackages.map(async ([name, present]) => [name, await present()]),
  )
  return found.filter(([, present]) => !present).map(([name]) => name as string)
}

function apt(args: string[]) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const { status } = spawnSync('apt-get', args, { stdio: 'inherit', env })
  if (status !== 0) process.exit(status ?? 1)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const machine = {
    root: process.getuid?.() === 0,
    apt: existsSync('/etc/debian_version') && spawnSync('apt-get', ['--version']).status === 0,
  }
  const plan = preflight(await missingPackages(), machine)
  if (plan.action === 'stop') {
    console.error(plan.say)
    process.exit(1)
  }
  if (plan.action === 'install') {
    console.log(plan.say)
    apt(['update', '-qq'])
    apt(['install', '-y', '-qq', ...plan.packages])
    // A package that put its files elsewhere would only fail later, less clearly.
    const still = await missingPackages()
    if (still.length > 0) {
      console.error(`Still missing after apt-get install: ${still.join(' ')}`)
      process.exit(1)
    }
  }
}
