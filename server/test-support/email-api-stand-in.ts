// Moved to tests/support. Kept only for tests/backend/commands.test.ts, still importing this
// path; delete once it imports tests/support.
export {
  type EmailApiStandIn,
  type ReceivedEmail,
  startEmailApiStandIn,
} from '../../tests/support/email-api-stand-in.ts'
