import type { Env, MiddlewareHandler } from 'hono'
import { readCappedBody } from './read-capped-body.ts'
import { type Refused, refusal } from './refusal.ts'

/** How a route words each way a body can fail to be read. */
interface BodyRefusals {
  /** A media type the route does not read; needed with `mediaTypes`. */
  mediaType?: Refused
  /** A body over `maxBytes`, refused before more than that is read. */
  tooLarge: Refused
  invalidJson: Refused
  /** A body that broke off before its end; without it, the failure is the app's to answer. */
  unreadable?: Refused
}

/** What a route reads as its JSON body. */
export interface JsonBodyOptions {
  /** Largest body read, in bytes, whatever Content-Length claims. */
  maxBytes: number
  /** The media types read (`application/json`); any when not given. */
  mediaTypes?: readonly string[]
  refusals: BodyRefusals
  /** What an empty body stands for, where the route takes one; otherwise it is no JSON. */
  whenEmpty?: unknown
}

/** Checks a parsed body: its typed value, or a thrown `Refusal` naming what is wrong. */
export type BodyCheck<T> = (input: unknown) => T

// The media type alone, as `application/json; charset=utf-8` names it.
const mediaTypeOf = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() ?? ''

/**
 * Reads the request's JSON body, in this order: its media type, its size (a 413 before more
 * than `maxBytes` is read), its syntax, then `check`. The handler finds the checked value as
 * `c.req.valid('json')`.
 */
export function jsonBody<T, E extends Env = Env>(
  check: BodyCheck<T>,
  { maxBytes, mediaTypes, refusals, whenEmpty }: JsonBodyOptions,
): MiddlewareHandler<E, string, { in: { json: unknown }; out: { json: T } }> {
  return async (c, next) => {
    const request = c.req.raw
    if (mediaTypes && !mediaTypes.includes(mediaTypeOf(c.req.header('content-type')))) {
      throw await refusal(request, refusals.mediaType ?? unsupported)
    }
    let text: string | null
    try {
      text = await readCappedBody(request, maxBytes)
    } catch (error) {
      if (refusals.unreadable === undefined) throw error
      throw await refusal(request, refusals.unreadable)
    }
    if (text === null) throw await refusal(request, refusals.tooLarge)
    let input: unknown = whenEmpty
    try {
      if (text !== '' || whenEmpty === undefined) input = JSON.parse(text)
    } catch {
      throw await refusal(request, refusals.invalidJson)
    }
    c.req.addValidatedData('json', check(input) as object)
    await next()
  }
}

const unsupported: Refused = {
  status: 415,
  code: 'unsupported_media_type',
  message: 'Send the body as application/json.',
}
