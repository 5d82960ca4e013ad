import type {
  FunctionInvokeOptions,
  FunctionsClient,
  FunctionsResponse,
} from '@supabase/functions-js'

/** The part of a Functions client the form needs: supabase-js's `supabase.functions` fits. */
export type FunctionsInvoker = Pick<FunctionsClient, 'invoke'>

/**
 * The names functions-js gives its errors, which this client gives its own. Callers match
 * by name, not `instanceof`: a host's supabase-js may carry its own copy of the classes.
 */
export const functionsErrorNames = {
  /** The request never got an answer (network, CORS, timeout) or its body could not be read. */
  fetch: 'FunctionsFetchError',
  /** Supabase's relay answered instead of the function. */
  relay: 'FunctionsRelayError',
  /** The function answered with a non-2xx status; the Response is the error's `context`. */
  http: 'FunctionsHttpError',
} as const

type FunctionsErrorName = (typeof functionsErrorNames)[keyof typeof functionsErrorNames]

function failure(name: FunctionsErrorName, message: string, context: unknown): Error {
  return Object.assign(new Error(message), { name, context })
}

/**
 * The headers that carry a project's public key. A publishable key (`sb_publishable_…`) is not a
 * JWT and goes in `apikey` alone; a legacy anon key is one and also goes as the bearer token,
 * as supabase-js sends each.
 */
export function apiKeyHeaders(key: string): Record<string, string> {
  if (!key) return {}
  if (key.startsWith('sb_publishable_')) return { apikey: key }
  return { apikey: key, Authorization: `Bearer ${key}` }
}

/**
 * A Functions client for a project, sending its publishable (or legacy anon) key. Only the
 * functions client: the whole supabase-js client would add ~50 KB gzip to the widget.
 */
export function createFunctionsClient(supabaseUrl: string, key: string): FunctionsInvoker {
  const url = `${supabaseUrl.replace(/\/+$/, '')}/functions/v1`
  return fetchFunctionsClient(url, apiKeyHeaders(key))
}

/**
 * The one kind of call the widget makes, made as functions-js's `FunctionsClient.invoke` makes
 * it: POST the body as JSON to `<url>/<name>` with the client's headers and the call's, give up
 * after `timeout` ms, and answer `{ data }` or `{ error }` with the same error names
 * (`functionsErrorNames`, the HTTP error carrying the Response as `context`). functions-js itself would cost the widget 1.4 kB of its 76 kB gzip budget for what
 * it does beyond that (regions, streams, blobs, form data); the site, which has supabase-js
 * anyway, hands the form `supabase.functions` instead.
 */
function fetchFunctionsClient(url: string, headers: Record<string, string>): FunctionsInvoker {
  return {
    async invoke<T>(
      name: string,
      options: FunctionInvokeOptions = {},
    ): Promise<FunctionsResponse<T>> {
      let response: Response
      try {
        response = await fetch(`${url}/${name}`, {
          method: options.method ?? 'POST',
          headers: { 'Content-Type': 'application/json', ...headers, ...options.headers },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.timeout ? AbortSignal.timeout(options.timeout) : options.signal,
        })
      } catch (error) {
        return {
          data: null,
          error: failure(
            functionsErrorNames.fetch,
            'Failed to send a request to the Edge Function',
            error,
          ),
        }
      }
      if (response.headers.get('x-relay-error') === 'true') {
        return {
          data: null,
          error: failure(
            functionsErrorNames.relay,
            'Relay Error invoking the Edge Function',
            response,
          ),
          response,
        }
      }
      if (!response.ok) {
        return {
          data: null,
          error: failure(
            functionsErrorNames.http,
            'Edge Function returned a non-2xx status code',
            response,
          ),
          response,
        }
      }
      try {
        const json = response.headers.get('content-type')?.includes('json')
        const data = (json ? await response.json() : await response.text()) as T
        return { data, error: null, response }
      } catch (error) {
        return {
          data: null,
          error: failure(
            functionsErrorNames.fetch,
            'Failed to read the Edge Function reply',
            error,
          ),
          response,
        }
      }
    },
  }
}
