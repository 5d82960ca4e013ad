import { FastResponse } from 'srvx'

/**
 * Makes every `Response` built in this process srvx's FastResponse, as @hono/node-server does by
 * default on Node: a reply of a string or bytes is then written to the socket as it is, where
 * undici's Response would be built and its body read back through a web stream (about a tenth
 * of the local server's CPU a lead). It is a Response in every other use: reading its body, its
 * headers, `instanceof Response`, each builds undici's own on demand.
 */
export function answerWithFastResponses() {
  globalThis.Response = FastResponse as typeof Response
}
