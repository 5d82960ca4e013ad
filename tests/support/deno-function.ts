import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { denoEnv } from '../../scripts/system-env.ts'
import { freePort } from './free-port.ts'
import { startServerProcess } from './start-server-process.ts'

// The real Deno (npm package `deno`) and the function's entry and config, as Supabase runs them;
// paths are relative to `repoRoot`, the working directory to run Deno in.

/** The repository's root folder, with a trailing slash. */
export const repoRoot = new URL('../../', import.meta.url).pathname

/** The Deno binary installed by `npm install`. */
export const denoBin = `${repoRoot}node_modules/.bin/deno`

/** The Edge Function's entry file, the root of what the Supabase CLI uploads. */
export const functionEntry = 'supabase/functions/send-demo-request/index.ts'

/** The function's import map, as `supabase/config.toml` names it. */
export const functionConfig = 'supabase/functions/send-demo-request/deno.json'

/** The console function's entry and import map (supabase/config.toml). */
export const consoleEntry = {
  entry: 'supabase/functions/console/index.ts',
  config: 'supabase/functions/console/deno.json',
}

/** The command line that serves an entry, as `supabase functions serve` would. */
export const denoRun = ({ entry, config }: { entry: string; config: string }) => [
  'run',
  '--allow-net',
  '--allow-env',
  '--allow-read',
  '--allow-sys',
  '--config',
  config,
  entry,
]

/**
 * The entry (send-demo-request's unless `function` names another) under the real Deno, as
 * Supabase would run it, on a free port with `env` and only what Deno itself needs; ready once
 * `init` is answered.
 */
export async function startDenoEntry(
  env: Record<string, string | undefined>,
  init: RequestInit,
  function_ = { entry: functionEntry, config: functionConfig },
) {
  const port = await freePort()
  return startServerProcess({
    command: denoBin,
    args: denoRun(function_),
    cwd: repoRoot,
    env: { ...denoEnv(), PORT: String(port), ...env },
    url: `http://127.0.0.1:${port}`,
    init,
    timeoutMs: 90_000,
  })
}

const execFileAsync = promisify(execFile)

/**
 * Runs a Deno command (check, info) to its end with the machine's places and network settings
 * and nothing else, `env` on top; rejects with its output when it fails.
 */
export function runDeno(args: string[], env: Record<string, string> = {}) {
  return execFileAsync(denoBin, args, {
    cwd: repoRoot,
    env: { ...denoEnv(), ...env },
    maxBuffer: 16 * 1024 * 1024,
  })
}
