// Writes brotli (.br) and gzip (.gz) copies beside each text file of a build, once, at build
// time, at the highest levels: the local server sends them as they are rather than compress
// every reply. `tsx scripts/precompress.ts dist/site`.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const compressible = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.xml', '.txt'])
// Below about one packet, compressing saves no round trip and costs a decode.
const minBytes = 1024

const toBrotli = promisify(brotliCompress)
const toGzip = promisify(gzip)

/** Precompresses every compressible file under `dir`; returns how many files it compressed. */
export async function precompress(dir: string): Promise<number> {
  const files = (await readdir(dir, { recursive: true })).filter((file) =>
    compressible.has(extname(file)),
  )
  let count = 0
  for (const file of files) {
    const path = join(dir, file)
    if (!(await stat(path)).isFile()) continue
    const bytes = await readFile(path)
    if (bytes.length < minBytes) {
      // A file that shrank below the limit must not keep the copies of its old bytes.
      await Promise.all([rm(`${path}.br`, { force: true }), rm(`${path}.gz`, { force: true })])
      continue
    }
    const [br, gz] = await Promise.all([
      toBrotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      toGzip(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ])
    await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
    count++
  }
  return count
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const dir of process.argv.slice(2)) {
    console.log(`Precompressed ${await precompress(dir)} files in ${dir} (brotli and gzip)`)
  }
}
