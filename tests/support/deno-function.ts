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

const denoRun = ({ entry, config }: { entry: string; config: string }) => [
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
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DENO_DIR: process.env.DENO_DIR,
      PORT: String(port),
      ...env,
    },
    url: `http://127.0.0.1:${port}`,
    init,
    timeoutMs: 90_000,
  })
}
