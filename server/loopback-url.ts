import type { AddressInfo } from 'node:net'

/** An origin on this machine for a listening address; wildcard addresses become loopback. */
export function loopbackUrl(address: AddressInfo): string {
  const wildcard = address.address === '::' || address.address === '0.0.0.0'
  const host = wildcard
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address
  return `http://${host}:${address.port}`
}
