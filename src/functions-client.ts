import type { FunctionInvokeOptions, FunctionsResponse } from '@supabase/functions-js'
import type { FunctionsInvoker } from './send-demo-request.ts'

/** Named as functions-js names its errors, which is how the form tells them apart. */
function failure(name: string, message: string, context: unknown): Error {
  return Object.assign(new Error(message), { name, context })
}

/**
 * The one kind of call the widget makes, made as functions-js's `FunctionsClient.invoke` makes
 * it: POST the body as JSON to `<url>/<name>` with the client's headers and the call's, give up
 * after `timeout` ms, and answer `{ data }` or `{ error }` with the same error names
 * (`FunctionsFetchError`, `FunctionsRelayError`, `FunctionsHttpError` carrying the Response as
 * `context`). functions-js itself would cost the widget 1.4 kB of its 76 kB gzip budget for what
 * it does beyond that (regions, streams, blobs, form data); the site, which has supabase-js
 * anyway, hands the form `supabase.functions` instead.
 */
export function fetchFunctionsClient(
  url: string,
  headers: Record<string, string>,
): FunctionsInvoker {
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
            'FunctionsFetchError',
            'Failed to send a request to the Edge Function',
            error,
          ),
        }
      }
      if (response.headers.get('x-relay-error') === 'true') {
        return {
          data: null,
          error: failure('FunctionsRelayError', 'Relay Error invoking the Edge Function', response),
          response,
        }
      }
      if (!response.ok) {
        return {
          data: null,
          error: failure(
            'FunctionsHttpError',
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
          error: failure('FunctionsFetchError', 'Failed to read the Edge Function reply', error),
          response,
        }
      }
    },
  }
}
