/**
 * `HTMLElement` where there is one, and `null` on a server, where frameworks render the host's
 * components first: a class declared on it then still evaluates at import (`extends null` is
 * legal) and is never constructed or defined there.
 */
export const HTMLElementBase: typeof HTMLElement =
  globalThis.HTMLElement ?? (null as unknown as typeof HTMLElement)
