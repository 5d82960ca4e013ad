// Prints the size of each built widget file as shipped (raw) and as sent (gzip at level 9, and
// brotli), against its budget. `tests/e2e/widget-sizes.e2e.ts` holds the loader to its budget.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Gzip bytes (level 9) each file may take; the full widget's budget is not enforced yet. */
export const budgets: Record<string, number> = {
  'demo-request-loader.js': 2048,
  'demo-request.js': 76_000,
}

export interface WidgetFileSize {
  name: string
  raw: number
  gzip: number
  brotli: number
  budget: number | undefined
}

/** Each .js file in `dir`: its name, raw, gzip (level 9) and brotli bytes, and its budget. */
export function widgetSizes(dir: string): WidgetFileSize[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const bytes = readFileSync(join(dir, name))
      return {
        name,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }).length,
        budget: budgets[name],
      }
    })
}

function kb(bytes: number) {
  return `${(bytes / 1000).toFixed(2)} kB`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist/widget'
  const rows = widgetSizes(dir).map(({ name, raw, gzip, brotli, budget }) => {
    const verdict = budget ? (gzip <= budget ? `within ${budget} B` : `OVER ${budget} B`) : ''
    return `${name.padEnd(34)} ${kb(raw).padStart(10)} raw ${kb(gzip).padStart(9)} gzip ${kb(brotli).padStart(9)} brotli ${verdict}`
  })
  console.log(`Widget sizes in ${dir} (1 kB = 1000 bytes):\n${rows.join('\n')}`)
}
