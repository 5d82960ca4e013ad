// SHA-256 (FIPS 180-4) of a short ASCII string, for the proof of work's search. Written here
// rather than taken from Web Crypto, which exists only in secure contexts (a partner page on
// plain http has no `crypto.subtle`) and answers each digest through a promise, or from
// @noble/hashes, whose general SHA-2 code added 2.5 kB gzip to a widget 0.9 kB under its budget.
// The function checks proofs with node:crypto, and the tests hold this one to it.

// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const k = new Uint32Array(64)
// The first 32 bits of the fractional parts of the square roots of the first 8 primes.
const initial = new Uint32Array(8)
for (let prime = 2, found = 0; found < 64; prime++) {
  let isPrime = true
  for (let d = 2; d * d <= prime; d++) if (prime % d === 0) isPrime = false
  if (!isPrime) continue
  if (found < 8) initial[found] = fraction32(Math.sqrt(prime))
  k[found++] = fraction32(Math.cbrt(prime))
}

// The fractional part's first 32 bits, exact for these roots in a double's 52-bit mantissa.
function fraction32(root: number): number {
  return ((root - Math.floor(root)) * 2 ** 32) >>> 0
}

const w = new Uint32Array(64)

/** The SHA-256 digest of `text`, whose characters must all be ASCII. */
export function sha256(text: string): Uint8Array {
  const blocks = Math.ceil((text.length + 9) / 64)
  // Big-endian words of the text, a 1 bit after it, and its length in bits at the very end.
  const bytes = new Uint8Array(blocks * 64)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
  bytes[text.length] = 0x80
  const view = new DataView(bytes.buffer)
  const words = new Uint32Array(blocks * 16)
  for (let i = 0; i < words.length; i++) words[i] = view.getUint32(i * 4)
  words[words.length - 1] = text.length * 8
  const h = initial.slice()
  for (let block = 0; block < words.length; block += 16) {
    for (let t = 0; t < 64; t++) {
      if (t < 16) w[t] = words[block + t] as number
      else {
        const a = w[t - 15] as number
        const b = w[t - 2] as number
        const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3)
        const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10)
        w[t] = (w[t - 16] as number) + s0 + (w[t - 7] as number) + s1
      }
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ]
    for (let t = 0; t < 64; t++) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
      const t1 = (hh + s1 + ((e & f) ^ (~e & g)) + (k[t] as number) + (w[t] as number)) | 0
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
      const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0
      hh = g
      g = f
      f = e
      e = (d + t1) | 0
      d = c
      c = b
      b = a
      a = (t1 + t2) | 0
    }
    for (const [i, value] of [a, b, c, d, e, f, g, hh].entries()) h[i] = (h[i] as number) + value
  }
  const digest = new Uint8Array(32)
  for (let i = 0; i < 32; i++) digest[i] = (h[i >> 2] as number) >>> (24 - (i % 4) * 8)
  return digest
}
