/** The IPv6 prefix length one client is counted by, unless `RATE_LIMIT_IPV6_PREFIX` says otherwise. */
export const defaultIpv6Prefix = 64

const ipv4Pattern = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

// The eight 16-bit groups of an IPv6 address, or null. The URL parser does the hard part (the
// `::` shorthand, an IPv4 tail, upper case) and prints the address in one canonical form.
function ipv6Groups(address: string): number[] | null {
  let host: string
  try {
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  } catch {
    return null
  }
  const [head = '', tail] = host.split('::')
  const part = (text: string) => (text === '' ? [] : text.split(':').map((g) => parseInt(g, 16)))
  const start = part(head)
  const end = tail === undefined ? [] : part(tail)
  return [...start, ...Array(8 - start.length - end.length).fill(0), ...end]
}

/**
 * The group a client's address counts in for the rate limits: an IPv4 address alone, an IPv6
 * address by its first `ipv6Prefix` bits (a /64 is one home or office connection, which can
 * pick any of its 2^64 addresses). An IPv4 address written as IPv6 (`::ffff:203.0.113.7`, as a
 * dual-stack socket reports it) is that IPv4 address. Anything else counts as itself.
 */
export function clientGroup(address: string, ipv6Prefix: number): string {
  // A zone (`fe80::1%eth0`) names the server's interface, not the client.
  const trimmed = address.trim().toLowerCase().replace(/%.*$/, '')
  const ipv4 = ipv4Pattern.exec(trimmed)
  if (ipv4?.slice(1).every((octet) => Number(octet) <= 255)) {
    return ipv4.slice(1).map(Number).join('.')
  }
  const groups = trimmed.includes(':') ? ipv6Groups(trimmed) : null
  if (groups === null) return trimmed
  const [a, b, c, d, e, f, g = 0, h = 0] = groups
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return [g >> 8, g & 0xff, h >> 8, h & 0xff].join('.')
  }
  const masked = groups.map((group, index) => {
    const kept = Math.min(16, Math.max(0, ipv6Prefix - index * 16))
    return group & ((0xffff << (16 - kept)) & 0xffff)
  })
  return `${masked.map((group) => group.toString(16)).join(':')}/${ipv6Prefix}`
}
