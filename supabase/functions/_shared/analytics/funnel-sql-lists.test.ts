// The baseline migration is SQL the Supabase CLI deploys as written, so the funnel's lists in its
// checks (events, fields, codes, and the events only the function counts) are checked against
// src/core/funnel-events.ts here: an event, field or code added there without its SQL fails.
import { readdir, readFile } from 'node:fs/promises'
import { expect, it } from 'vitest'
import { messageCodes } from '#core/demo-request-schema.ts'
import { functionEventNames, funnelEventNames } from '#core/funnel-events.ts'
import { formFieldNames } from '#core/lead-fields.ts'

const migrations = new URL('../../../migrations/', import.meta.url)

async function baseline(): Promise<string> {
  const [file] = (await readdir(migrations)).filter((name) => name.endsWith('_baseline.sql'))
  if (!file) throw new Error(`no *_baseline.sql in ${migrations.pathname}`)
  return readFile(new URL(file, migrations), 'utf8')
}

// The quoted values of the first `<lead> in (…)` after `after`.
function listAfter(sql: string, after: string, lead: string): string[] {
  const from = sql.indexOf(after)
  expect(from, after).toBeGreaterThan(-1)
  const match = new RegExp(`${lead.replace(/[.()]/g, '\\$&')} in \\(([^)]*)\\)`).exec(
    sql.slice(from),
  )
  return [...(match?.[1] ?? '').matchAll(/'([^']*)'/g)].map(([, value = '']) => value)
}

it('lists in the funnel counters checks every event, field and code, and nothing else', async () => {
  const sql = await baseline()
  const table = 'create table public.demo_request_funnel_counts'
  expect(listAfter(sql, table, 'check (event').sort()).toEqual([...funnelEventNames].sort())
  expect(listAfter(sql, table, 'check (field').sort()).toEqual(['', ...formFieldNames].sort())
  expect(listAfter(sql, table, 'check (code').sort()).toEqual(['', ...messageCodes].sort())
})

it('refuses in count_funnel_batch exactly the events the function counts', async () => {
  const sql = await baseline()
  const batch = 'create function public.count_funnel_batch'
  expect(listAfter(sql, batch, 'e.event').sort()).toEqual([...functionEventNames].sort())
})

// The latest migration holding `marker`: where the definition in force is written.
async function latestWith(marker: string): Promise<string> {
  for (const name of (await readdir(migrations)).sort().reverse()) {
    const sql = await readFile(new URL(name, migrations), 'utf8')
    if (sql.includes(marker)) return sql
  }
  throw new Error(`no migration in ${migrations.pathname} holds ${marker}`)
}

// The page sums keep a column per event (supabase/migrations/*_funnel_rollups.sql): an event
// added to the counters without its column there would fall out of the report's pages.
it('sums into the page sums every event the counters count, and reads each back', async () => {
  const between = (sql: string, from: string, to: string) => {
    const start = sql.indexOf(from)
    expect(start, from).toBeGreaterThan(-1)
    return sql.slice(start, sql.indexOf(to, start))
  }
  const summing = 'insert into public.demo_request_funnel_page_sums'
  const summed = between(
    await latestWith(summing),
    summing,
    'from public.demo_request_funnel_counts',
  )
  const read = between(await latestWith('from page_sums s'), 'from page_sums s', 'as e (event, n)')
  const quoted = (text: string, pattern: RegExp) =>
    [...text.matchAll(pattern)].map(([, value = '']) => value).sort()
  expect(quoted(summed, /c\.event = '([^']*)'/g)).toEqual([...funnelEventNames].sort())
  expect(quoted(read, /\('([^']*)', s\./g)).toEqual([...funnelEventNames].sort())
})
