// The baseline migration is SQL the Supabase CLI deploys as written, so its lists of providers
// are checked against the TypeScript ones here rather than generated: a provider added to
// bookingProviders without its SQL fails this test, naming the constraint to change.
import { readdir, readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { bookingProviders } from '../../../../src/next-step.ts'

const migrations = new URL('../../../migrations/', import.meta.url)

async function baseline(): Promise<string> {
  const [file] = (await readdir(migrations)).filter((name) => name.endsWith('_baseline.sql'))
  if (!file) throw new Error(`no *_baseline.sql in ${migrations.pathname}`)
  return readFile(new URL(file, migrations), 'utf8')
}

/** Each `check (<column> in ('a', 'b'))` on a column whose name ends in `suffix`. */
function inLists(sql: string, suffix: string): { column: string; values: string[] }[] {
  const check = new RegExp(`check \\((\\w*${suffix}) in \\(([^)]*)\\)\\)`, 'g')
  return [...sql.matchAll(check)].map(([, column = '', list = '']) => ({
    column,
    values: [...list.matchAll(/'([^']*)'/g)].map(([, value = '']) => value),
  }))
}

describe('the baseline migration', () => {
  it('lists in its checks exactly the providers of bookingProviders', async () => {
    const lists = inLists(await baseline(), 'provider')
    // demo_requests.booking_provider and demo_request_bookings.provider.
    expect(lists.map((list) => list.column).sort()).toEqual(['booking_provider', 'provider'])
    for (const list of lists) {
      expect({ column: list.column, values: [...list.values].sort() }).toEqual({
        column: list.column,
        values: [...bookingProviders].sort(),
      })
    }
  })
})
