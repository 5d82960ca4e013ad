// Moved to tests/support. Kept only for the tests still importing this path
// (vite-plugin.test.ts, tests/backend/commands.test.ts); delete once they import tests/support.
export { freePort } from '../../tests/support/free-port.ts'
export {
  findPostgresBin,
  type PostgresCluster,
  startPostgresCluster,
} from '../../tests/support/postgres-cluster.ts'
