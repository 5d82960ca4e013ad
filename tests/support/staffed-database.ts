import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import {
  addConsoleStaff,
  type ConsolePerson,
  consoleHandlerOn,
  consoleRequest,
  staffToken,
} from './console-staff.ts'
import type { TestDatabase } from './test-database.ts'

/** A stand-in a file starts once: its records cleared between tests, closed after them. */
interface StandIn {
  reset?(): void
  close(): Promise<void>
}

type Started<Starts> = {
  [Name in keyof Starts]: Starts[Name] extends () => Promise<infer Part> ? Part : never
}

/** What a test file shares: its database and the stand-ins it talks to, once they are started. */
type StaffedDatabase<Starts> = Started<Starts> & {
  db: SqlDatabase
  /**
   * The console's API on the database, called as the page calls it: as `person`, signed in, or
   * as nobody signed in (null).
   */
  console(
    person: ConsolePerson | null,
    path: string,
    init?: { method?: string; body?: unknown },
  ): Promise<Response>
}

/**
 * Opens a test file's database (one of testDatabases) with the console's staff on it (`staff`,
 * addConsoleStaff unless given) and starts the file's stand-ins, once for the file, and closes
 * them after it. With `freshEachTest`, each test starts from the staff alone: the tables
 * emptied, the staff put back, the stand-ins' records cleared. What it returns is filled in by
 * the time a test runs; never where the database is skipped.
 */
export function staffedDatabase<Starts extends Record<string, () => Promise<StandIn>>>(
  { open, skip }: { open: () => Promise<TestDatabase>; skip: boolean },
  {
    standIns,
    freshEachTest = false,
    staff = addConsoleStaff,
  }: {
    standIns?: Starts
    freshEachTest?: boolean
    staff?: (db: SqlDatabase) => Promise<void>
  } = {},
): StaffedDatabase<Starts> {
  const starts: [string, () => Promise<StandIn>][] = Object.entries(standIns ?? {})
  const parts: Record<string, StandIn> = {}
  let test: TestDatabase | undefined
  let handler: ReturnType<typeof consoleHandlerOn> | undefined
  const opened = () => {
    if (test === undefined) throw new Error('The test database is not open: is it skipped?')
    return test
  }
  const file = {
    get db() {
      return opened().db
    },
    async console(person, path, init) {
      handler ??= consoleHandlerOn(opened().db)
      return handler(consoleRequest(path, person === null ? null : await staffToken(person), init))
    },
  } as StaffedDatabase<Starts>
  for (const [name] of starts) {
    Object.defineProperty(file, name, { get: () => parts[name] })
  }

  beforeAll(async () => {
    if (skip) return
    const [database, ...started] = await Promise.all([
      open(),
      ...starts.map(([, start]) => start()),
    ])
    test = database
    starts.forEach(([name], index) => {
      parts[name] = started[index] as StandIn
    })
    if (!freshEachTest) await staff(database.db)
  }, 120_000)
  afterAll(() => Promise.all([test?.close(), ...Object.values(parts).map((part) => part.close())]))
  if (freshEachTest) {
    beforeEach(async () => {
      if (skip) return
      for (const part of Object.values(parts)) part.reset?.()
      await opened().reset()
      await staff(opened().db)
    })
  }
  return file
}
