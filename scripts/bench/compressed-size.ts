import { readFile } from 'node:fs/promises'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** A file's size as shipped and as the two encodings browsers accept would send it. */
export interface CompressedSize {
  raw: number
  gzip: number
  brotli: number
}

/** Sizes at the strongest settings (gzip 9, brotli 11), as the build's precompression writes. */
function compressedSize(bytes: Buffer): CompressedSize {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  }
}

export const fileSize = async (path: string) => compressedSize(await readFile(path))

/** The sum of several files' sizes. */
export const totalSize = (sizes: readonly CompressedSize[]): CompressedSize => ({
  raw: sizes.reduce((sum, size) => sum + size.raw, 0),
  gzip: sizes.reduce((sum, size) => sum + size.gzip, 0),
  brotli: sizes.reduce((sum, size) => sum + size.brotli, 0),
})
