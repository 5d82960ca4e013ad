import type { ServerProcess } from '../../tests/support/start-server-process.ts'
import { waitUntil } from '../../tests/support/wait-until.ts'

/**
 * Signs the console's owner in with the one-time link `npm start` printed as it started, through
 * the local Supabase Auth as the console's page does, and answers the access token.
 */
export async function signInOwner(server: ServerProcess): Promise<string> {
  const link = await waitUntil(
    () => /(http\S+\/console\?token_hash=\S+)/.exec(server.output())?.[1],
    { what: "the owner's sign-in link in the server's output" },
  )
  const verified = await fetch(new URL('/auth/v1/verify', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'magiclink',
      token_hash: new URL(link).searchParams.get('token_hash'),
    }),
  })
  if (!verified.ok) throw new Error(`The owner's link was refused: ${await verified.text()}`)
  return ((await verified.json()) as { access_token: string }).access_token
}
