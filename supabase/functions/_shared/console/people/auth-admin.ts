/**
 * What the console asks of Supabase Auth's admin API: invite a person by email (they get a
 * sign-in link) and remove a user.
 */
export interface AuthAdmin {
  invite(email: string, redirectTo: string): Promise<{ userId: string }>
  removeUser(userId: string): Promise<void>
}

/** A refusal or failure of Auth's admin API, with what it said. */
export class AuthAdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Supabase Auth's (GoTrue's) admin API at `<url>/auth/v1`, with the service role key, as
 * supabase-js's `auth.admin.inviteUserByEmail` and `deleteUser` call it.
 */
export function createAuthAdmin(
  url: string,
  serviceRoleKey: string,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): AuthAdmin {
  const headers = {
    apikey: serviceRoleKey,
    authorization: `Bearer ${serviceRoleKey}`,
    'content-type': 'application/json',
  }
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(new URL(`/auth/v1${path}`, url), {
      method,
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    })
    const reply = await response.json().catch(() => null)
    if (!response.ok) {
      const said = reply?.msg ?? reply?.message ?? reply?.error_description ?? response.statusText
      throw new AuthAdminError(
        response.status,
        `Supabase Auth answered ${response.status}: ${said}`,
      )
    }
    return reply
  }
  return {
    async invite(email, redirectTo) {
      const query = `?redirect_to=${encodeURIComponent(redirectTo)}`
      const user = await call('POST', `/invite${query}`, { email })
      if (typeof user?.id !== 'string') {
        throw new AuthAdminError(502, 'Supabase Auth answered an invitation without a user id')
      }
      return { userId: user.id }
    },
    async removeUser(userId) {
      try {
        await call('DELETE', `/admin/users/${encodeURIComponent(userId)}`, {
          should_soft_delete: false,
        })
      } catch (error) {
        // Already gone from Auth (removed in the dashboard, say): what was asked is done.
        if (!(error instanceof AuthAdminError && error.status === 404)) throw error
      }
    },
  }
}
