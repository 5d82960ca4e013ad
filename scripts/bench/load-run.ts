import autocannon from 'autocannon'

/** One timed load of valid submissions, and which of them were answered 2xx. */
export interface LoadResult {
  connections: number
  seconds: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  sent: number
  non2xx: number
  errors: number
  /** The idempotency keys answered 2xx. */
  accepted: Set<string>
}

/** The headers the widget sends through supabase-js, from a partner page. */
export interface LoadHeaders {
  apikey: string
  origin: string
}

/** The header the backend under load reads the client's address from (its CLIENT_IP_HEADER). */
export const visitorHeader = 'x-bench-visitor'

// A distinct IPv4 address for the nth lead.
const visitorAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

/**
 * Posts valid leads to `url` from `connections` clients for `seconds`, each a different lead
 * with its own idempotency key `<tag>-<n>` and `source` `tag`, so its rows can be counted.
 */
export async function loadRun(
  url: string,
  tag: string,
  connections: number,
  seconds: number,
  headers: LoadHeaders,
): Promise<LoadResult> {
  const accepted = new Set<string>()
  let next = 0
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest(request, context) {
          const key = `${tag}-${next++}`
          ;(context as { key?: string }).key = key
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              apikey: headers.apikey,
              authorization: `Bearer ${headers.apikey}`,
              origin: headers.origin,
              'idempotency-key': key,
              // Each lead from a visitor of its own, as a form's traffic is: the backend trusts
              // this header for the address (CLIENT_IP_HEADER), so no one rate-limit row is
              // locked by every request. The bare server ignores it.
              [visitorHeader]: visitorAddress(next),
            },
            body: JSON.stringify({
              firstName: 'Ada',
              lastName: `Lovelace ${key}`,
              companyName: 'Lovelace & Babbage LLP',
              companySize: '6-50 employees',
              source: tag,
              pageUrl: `${headers.origin}/contact`,
              referrer: '',
              website: '',
            }),
          }
        },
        // One request in flight per connection, so the context still holds its key.
        onResponse(status, _body, context) {
          const key = (context as { key?: string }).key
          if (status >= 200 && status < 300 && key) accepted.add(key)
        },
      },
    ],
  })
  return {
    connections,
    seconds: result.duration,
    requestsPerSecond: accepted.size / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    sent: next,
    non2xx: result.non2xx,
    errors: result.errors,
    accepted,
  }
}
