/**
 * HMAC-SHA256 through Web Crypto, so the same code runs under Deno and Node. Signatures are
 * checked with `crypto.subtle.verify`, which compares in constant time: a string comparison
 * would tell an attacker, by its timing, how much of a guess was right.
 */
const encoder = new TextEncoder()

function importKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  )
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (hex.length !== 64 || !/^[0-9a-f]+$/i.test(hex)) return undefined
  const bytes = new Uint8Array(32)
  for (let index = 0; index < 32; index++) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16)
  }
  return bytes
}

/** Whether `hex` is the HMAC-SHA256 of `message` under `secret`. */
export async function hmacSha256Matches(
  secret: string,
  message: string,
  hex: string,
): Promise<boolean> {
  const signature = hexBytes(hex.trim())
  if (!signature || secret === '') return false
  return crypto.subtle.verify('HMAC', await importKey(secret), signature, encoder.encode(message))
}
