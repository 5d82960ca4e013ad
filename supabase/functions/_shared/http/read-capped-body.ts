/** The body as text, or `null` when it is longer than `maxBytes`. */
export async function readCappedBody(request: Request, maxBytes: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) {
    await request.body?.cancel()
    return null
  }
  // Within the cap as declared: HTTP delivers no more than Content-Length says, so the body is
  // read whole, and on Node without the web stream srvx would otherwise wrap around it.
  if (Number.isFinite(declared)) return request.text()
  if (request.body === null) return ''
  // Read chunk by chunk, so a lying or missing Content-Length cannot make us buffer more.
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}
