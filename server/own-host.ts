// A web page can point a name of its own at 127.0.0.1 (DNS rebinding) and then read this server
// as its own origin, the console's sign-in among it. The page's name is still in the Host header,
// so a request for any name but the server's own is refused.

const loopback = ['localhost', '127.0.0.1', '[::1]']
// Listening on every interface names none of them.
const everyInterface = ['0.0.0.0', '::']
// A Host header: a name or an IPv6 address in brackets, and a port.
const hostHeader = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i

/** Whether `name` is a host name `ALLOWED_HOSTS` can hold: no scheme, port or path. */
export const isHostName = (name: string) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/i.test(name)

/**
 * Which Host headers a server listening on `host` and `port` answers: localhost, 127.0.0.1, [::1]
 * and `host` on that port, and each of `allowedHosts` on any (behind a proxy, the port is the
 * proxy's).
 */
export function ownHost(host: string, port: number, allowedHosts: readonly string[]) {
  const listening = everyInterface.includes(host) ? [] : [host.includes(':') ? `[${host}]` : host]
  const onPort = new Set([...loopback, ...listening].map((name) => name.toLowerCase()))
  const anyPort = new Set(allowedHosts.map((name) => name.toLowerCase()))
  return {
    /** The names, for people. */
    names: [...[...onPort].map((name) => `${name}:${port}`), ...anyPort],
    /** Whether a request with this Host header is for this server. */
    test(header: string | undefined): boolean {
      const [, name = '', given = '80'] = hostHeader.exec(header ?? '') ?? []
      const lower = name.toLowerCase()
      return anyPort.has(lower) || (onPort.has(lower) && Number(given) === port)
    },
  }
}

/** The answer to a request for a name that is not the server's own, saying what to do. */
export function refusedHost(names: readonly string[], header?: string): Response {
  const asked = header ? `"${header}"` : 'no name'
  return new Response(
    `421 Misdirected Request: this server answers to ${names.join(', ')}; this request asked ` +
      `for ${asked}. Open it by one of those, or, to serve it under another name (behind a ` +
      'proxy, say), add that name to ALLOWED_HOSTS (docs/configuration.md).\n',
    {
      status: 421,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'x-content-type-options': 'nosniff',
        connection: 'close',
      },
    },
  )
}
