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
