// Prints the size of each built widget file as shipped (raw) and as sent (gzip, level 9).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dir = process.argv[2] ?? 'dist/widget'
const budgets = { 'demo-request.js': 76_000 }

const rows = readdirSync(dir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => {
    const bytes = readFileSync(join(dir, name))
    const gzip = gzipSync(bytes, { level: 9 }).length
    const budget = budgets[name]
    const verdict = budget
      ? gzip <= budget
        ? `within ${budget / 1000} kB`
        : `OVER ${budget / 1000} kB`
      : ''
    return `${name.padEnd(28)} ${kb(bytes.length).padStart(10)} raw ${kb(gzip).padStart(9)} gzip (${(gzip / 1024).toFixed(2)} KiB) ${verdict}`
  })
console.log(`Widget sizes in ${dir} (1 kB = 1000 bytes):\n${rows.join('\n')}`)

function kb(bytes) {
  return `${(bytes / 1000).toFixed(2)} kB`
}
