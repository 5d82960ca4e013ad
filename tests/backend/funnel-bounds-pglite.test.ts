// 2,500 forged batches at one origin, one at a time, on PGlite (tests/support/funnel-bounds.ts).
// The same SQL as PostgreSQL's 10,000 (funnel-bounds-postgres.test.ts), which races them for the
// room. PGlite has one connection, so nothing races here, and 2,500 still pass every source's
// pages and the origin's room; 10,000 one at a time in PGlite's WebAssembly took about 18 s of
// CPU, the most of any backend file.
import { describeFunnelBounds } from '../support/funnel-bounds.ts'
import { testDatabases } from '../support/test-database.ts'

const [pglite] = testDatabases
if (pglite) describeFunnelBounds(pglite, 2_500)
