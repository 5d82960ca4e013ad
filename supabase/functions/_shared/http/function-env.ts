/** What the platform knows of a request beyond the request itself. */
export interface RequestContext {
  /** The visitor's address, as the platform or socket reports it; rate limits count by it. */
  clientIp?: string | null
}

/**
 * The Hono environment of the functions' routes: the platform's `RequestContext`, passed to
 * `app.fetch` as its bindings, and the CORS headers `allowedOrigin` chose for the request.
 */
export interface FunctionEnv {
  Bindings: RequestContext | undefined
  Variables: { cors: Record<string, string> | undefined }
}
