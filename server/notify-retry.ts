// `npm run notify:retry`: emails sales every lead still pending or failed. Safe to run again
// (from cron, say): the email API drops repeats of a lead it already accepted.
import { readBackendConfig } from './backend-config.ts'
import { openCommandBackend } from './command-backend.ts'

const backend = await openCommandBackend(readBackendConfig())
try {
  const result = await backend.retry()
  if (result === null) {
    console.error('No email API is configured: set RESEND_API_KEY and NOTIFY_EMAIL_TO.')
    process.exitCode = 1
  } else {
    console.log(`Sent ${result.sent} pending lead(s); ${result.failed} failed and stay pending.`)
    if (result.failed > 0) process.exitCode = 1
  }
} finally {
  await backend.close()
}
