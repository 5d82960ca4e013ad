import * as v from 'valibot'
import { consoleFunctionName, type SharedFunnel } from '#core/console-api.ts'
import { sharedFunnelSchema } from '#core/console-replies.ts'
import { defaultPublishableKey, defaultSupabaseUrl } from '../../../src/form/config.ts'
import { ConsoleApiError, readConsoleError } from '../console-api-error.ts'

/**
 * Opens a share link: `POST /shared` with its token on the console function, no one signed in,
 * nothing kept on the device. Rejects with a ConsoleApiError: 410 `gone` for a revoked or
 * expired link, 404 for one unknown.
 */
export async function openSharedFunnel(
  token: string,
  supabaseUrl = defaultSupabaseUrl(),
  apikey = defaultPublishableKey(),
): Promise<SharedFunnel> {
  const url = `${supabaseUrl.replace(/\/$/, '')}/functions/v1/${consoleFunctionName}/shared`
  let reply: Response
  try {
    reply = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apikey ? { apikey } : {}) },
      body: JSON.stringify({ token }),
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    })
  } catch {
    throw new ConsoleApiError(0, {
      code: 'unavailable',
      message: 'The funnel cannot be reached. Check your connection and try again.',
    })
  }
  const body = await reply.json().catch(() => undefined)
  if (!reply.ok) throw new ConsoleApiError(reply.status, readConsoleError(reply.status, body))
  const parsed = v.safeParse(sharedFunnelSchema, body)
  if (parsed.success) return parsed.output
  throw new ConsoleApiError(reply.status, {
    code: 'internal',
    message: 'The server answered in a shape this page does not read. Reload the page.',
  })
}
