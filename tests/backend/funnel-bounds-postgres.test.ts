// 10,000 forged beacon batches, 16 at a time, on PostgreSQL 15 (tests/support/funnel-bounds.ts).
import { describeFunnelBounds } from '../support/funnel-bounds.ts'
import { testDatabases } from '../support/test-database.ts'

const [, postgres] = testDatabases
if (postgres) describeFunnelBounds(postgres)
