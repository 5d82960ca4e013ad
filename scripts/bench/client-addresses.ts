// Where a flood comes from: a new client for every request, IPv4 and IPv6 in turn, as a botnet
// or one IPv6 connection would present itself to the function's client-address header.

/** The `n`th address: even ones IPv4 (10.0.0.0/8), odd ones each in their own IPv6 /64. */
export function rotatingAddress(n: number): string {
  const k = Math.floor(n / 2)
  if (n % 2 === 0) return `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`
  // Different /64s: the function groups an IPv6 address by its first 64 bits.
  return `2001:db8:${((k >> 16) & 0xffff).toString(16)}:${(k & 0xffff).toString(16)}::${(n % 0xffff).toString(16)}`
}
