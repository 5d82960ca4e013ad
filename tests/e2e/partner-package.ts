// The package as partners get it: `npm pack` of this checkout into a partner's app folder, and
// the commands a partner runs there. Shared by the install and framework tests.
import { execFile } from 'node:child_process'
import { copyFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { inject } from 'vitest'

export const root = new URL('../../', import.meta.url).pathname
export const ours = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))

/** The version range of one of our devDependencies, so a partner's app uses what we test with. */
export const devVersion = (name: string): string => ours.devDependencies[name]

const execFileAsync = promisify(execFile)

/** Runs a command; a failed command's output is the failure's explanation, so it is the message. */
export async function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
) {
  try {
    return await execFileAsync(command, args, { ...options, maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`)
  }
}

/** What `npm pack --json` says of the tarball it wrote. */
export interface Packed {
  filename: string
  files: { path: string }[]
}

/** `npm pack` of this checkout into `folder`: global-setup.ts runs it once for the e2e files. */
export async function npmPack(folder: string): Promise<Packed> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', folder], {
    cwd: root,
  })
  return JSON.parse(stdout)[0]
}

/** This checkout's package, as packed for the run, copied into `folder` for `file:./<filename>`. */
export async function packInto(folder: string): Promise<Packed> {
  const { folder: packedIn, ...packed } = inject('packed')
  await copyFile(join(packedIn, packed.filename), join(folder, packed.filename))
  return packed
}

/**
 * `npm install` in `folder`, from npm's cache where it can, with npm's defaults as a partner has
 * them: our `engine-strict` (.npmrc), which npm hands to scripts in `npm_config_engine_strict`, is
 * not theirs. (Astro 5's font helper wants a newer Node than Astro 5 runs on, and is never loaded
 * by a site without fonts.)
 */
export function npmInstall(folder: string) {
  const flags = [
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--loglevel=error',
    '--engine-strict=false',
  ]
  return run('npm', ['install', ...flags], { cwd: folder })
}
