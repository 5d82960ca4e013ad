// Supabase Auth refuses a second email to one person inside its resend window (the SMTP maximum
// frequency, 60 s by default; an invitation counts) with 429 `over_email_send_rate_limit` and
// "For security purposes, you can only request this after N seconds." Its project-wide cap on
// emails an hour answers with the same status and code ("Email rate limit exceeded") having sent
// nothing, so only the words tell "one went out a moment ago" from "none will go out now".
const insideWindow = /^for security purposes/i
const secondsLeft = /after (\d+) seconds?/i
// Older releases said "only request this once every 60 seconds", without the time left.
const windowSeconds = 60

/**
 * Seconds until another sign-in email may be asked for, when `error` is Supabase Auth's refusal
 * of one asked for within the resend window of the last; null for every other error.
 */
export function resendWait(error: unknown): number | null {
  if (!error || typeof error !== 'object') return null
  const { status, code, message } = error as { status?: unknown; code?: unknown; message?: unknown }
  if (status !== 429 || typeof message !== 'string' || !insideWindow.test(message)) return null
  if (code !== undefined && code !== 'over_email_send_rate_limit') return null
  const seconds = Number(secondsLeft.exec(message)?.[1])
  return seconds > 0 ? seconds : windowSeconds
}
