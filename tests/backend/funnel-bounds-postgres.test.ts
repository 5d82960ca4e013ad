// 10,000 forged batches at one origin, 16 at a time, on PostgreSQL 15 (tests/support/funnel-bounds.ts).
import { describeFunnelBounds } from '../support/funnel-bounds.ts'
import { testDatabases } from '../support/test-database.ts'

const [, postgres] = testDatabases
if (postgres) describeFunnelBounds(postgres)
