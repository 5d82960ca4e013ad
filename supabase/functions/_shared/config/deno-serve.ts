// What each function's Deno entry does before its own settings: no dependency on Deno's types,
// so the Node type-check reads it too.

/**
 * The last line of defence: a failure outside any request (a driver's timer, say) is logged,
 * and the function keeps answering rather than dropping every caller with it.
 */
export function keepServingOnFailure(): void {
  for (const type of ['error', 'unhandledrejection'] as const) {
    addEventListener(type, (event) => {
      console.error(
        'Unexpected failure, still serving:',
        'error' in event ? event.error : event.reason,
      )
      event.preventDefault()
    })
  }
}

/** The database: Supabase provides SUPABASE_DB_URL to every function; DATABASE_URL overrides it. */
export const databaseUrlOf = (env: (name: string) => string | undefined) =>
  env('DATABASE_URL') || env('SUPABASE_DB_URL')
