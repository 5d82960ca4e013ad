// Moved to tests/support. Kept only for tests/backend/commands.test.ts, still importing this
// path; delete once it imports tests/support.
export {
  openTestPglite,
  openTestPostgres,
  postgresBin,
  type TestDatabase,
} from '../../tests/support/test-database.ts'
