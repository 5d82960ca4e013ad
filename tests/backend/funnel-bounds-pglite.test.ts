// 10,000 forged batches at one origin, one at a time, on PGlite (tests/support/funnel-bounds.ts).
import { describeFunnelBounds } from '../support/funnel-bounds.ts'
import { testDatabases } from '../support/test-database.ts'

const [pglite] = testDatabases
if (pglite) describeFunnelBounds(pglite)
