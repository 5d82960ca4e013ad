// The baseline migration is SQL the Supabase CLI deploys as written, so its lists of providers,
// booking states and languages are checked against the TypeScript ones here rather than
// generated: a provider added to bookingProviders (or a state to bookingStates, a language to
// supportedLanguages) without its SQL fails this test, naming the column whose check to change.
import { readdir, readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { bookingStates } from '#core/booking-state.ts'
import { supportedLanguages } from '#core/languages.ts'
import { bookingProviders } from '#core/next-step.ts'

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

describe.each([
  // demo_requests.booking_<suffix> and demo_request_bookings.<suffix>; the reconciliation's
  // cursors have a provider too.
  ['provider', bookingProviders, ['booking_provider', 'provider', 'provider']],
  ['state', bookingStates, ['booking_state', 'state']],
  ['language', supportedLanguages, ['language']],
])('the baseline migration', (suffix, values, columns) => {
  it(`lists in its checks of *${suffix} columns exactly ${values.join(', ')}`, async () => {
    const lists = inLists(await baseline(), suffix)
    expect(lists.map((list) => list.column).sort()).toEqual(columns)
    for (const list of lists) {
      expect({ column: list.column, values: [...list.values].sort() }).toEqual({
        column: list.column,
        values: [...values].sort(),
      })
    }
  })
})
