// 10,000 forged batches at one origin, 16 at a time, on PostgreSQL 15 (tests/support/funnel-bounds.ts):
// the flood issue 51 names, its batches racing for the origin's room as a botnet's would.
import { describeFunnelBounds } from '../support/funnel-bounds.ts'
import { testDatabases } from '../support/test-database.ts'

const [, postgres] = testDatabases
if (postgres) describeFunnelBounds(postgres, 10_000)
