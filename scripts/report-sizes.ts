// Prints each built widget file's size as shipped (raw) and as sent (gzip at level 9, and
// brotli), against its budget: `tsx scripts/report-sizes.ts [dist/widget]`, run by the build.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sizesOf, widgetFileBudget } from './bundle-sizes.ts'

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`

const dir = process.argv[2] ?? 'dist/widget'
const rows = readdirSync(dir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => {
    const { raw, gzip, brotli } = sizesOf(readFileSync(join(dir, name)))
    const budget = widgetFileBudget(name)
    const verdict = budget ? (gzip <= budget ? `within ${kb(budget)}` : `OVER ${kb(budget)}`) : ''
    return `${name.padEnd(34)} ${kb(raw).padStart(10)} raw ${kb(gzip).padStart(9)} gzip ${kb(brotli).padStart(9)} brotli ${verdict}`
  })
console.log(`Widget sizes in ${dir} (1 kB = 1000 bytes):\n${rows.join('\n')}`)
