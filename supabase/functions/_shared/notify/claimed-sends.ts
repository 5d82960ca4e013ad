import { deliveryDeadline } from './delivery-deadline.ts'
import { failedTry } from './delivery-schedule.ts'

/** What one run of a claimed-send job did: sends accepted, and those that failed and stay due. */
export interface ClaimedSendRun {
  sent: number
  failed: number
}

/** A claimed send's outcome, as its store records it. */
type ClaimedSendOutcome =
  | { sent: true }
  | { sent: false; error: string; retryAt: Date; dead: boolean }

/** A job that claims what is due one at a time, sends it and records how that went. */
export interface ClaimedSends<Claim extends { tries: number }> {
  /** The next claim due, leased for `leaseSeconds`; undefined when none is. */
  claimNext(leaseSeconds: number): Promise<Claim | undefined>
  /**
   * Sends the claim, or answers false where it went away since (its person left the staff):
   * that counts as failed, with nothing sent or recorded.
   */
  send(claim: Claim, signal: AbortSignal): Promise<boolean>
  record(claim: Claim, outcome: ClaimedSendOutcome): Promise<void>
  /** The claim in the log when its send fails: "The weekly report of … to …". */
  describe(claim: Claim): string
  /** What a claim is, in the log when its outcome is not recorded: "a report". */
  noun: string
  /** Tries a claim gets before it is given up. */
  maxTries: number
  /** After this long a hanging send is abandoned and counts as failed (NOTIFY_TIMEOUT_MS). */
  timeoutMs: number
  now: () => Date
  log: (message: string, error?: unknown) => void
  /** Claims one run sends at most. */
  limit: number
  /** How long one run starts new sends for; the rest wait, unclaimed. No end by default. */
  runBudgetMs?: number
}

/**
 * One run of a claimed-send job: claims, one at a time, sends, records. A claim is written before
 * the send, so two runs at once, or a run after one that died mid-send, send each claim once
 * (the send's own key covers one that died after it). Rejects only when claiming does.
 */
export function claimedSendRun<Claim extends { tries: number }>(
  job: ClaimedSends<Claim>,
): () => Promise<ClaimedSendRun> {
  const { now, log } = job
  // The claim outlasts the send, or a second run could send while this one still is.
  const leaseSeconds = Math.ceil(job.timeoutMs / 1000) + 60

  async function send(claim: Claim): Promise<boolean> {
    const deadline = deliveryDeadline(job.timeoutMs)
    try {
      const sent = await job.send(claim, deadline.signal).finally(deadline.clear)
      if (!sent) return false
    } catch (error) {
      log(`${job.describe(claim)} failed`, error)
      const tried = failedTry(error, claim.tries, now(), { maxAttempts: job.maxTries })
      // Not again in this run: the next run tries it, or a later one after a longer wait.
      const retryAt = new Date(Math.max(tried.retryAt.getTime(), now().getTime() + 60_000))
      await job
        .record(claim, { sent: false, error: tried.error, retryAt, dead: tried.dead })
        .catch((recordError) => log(`Could not record ${job.noun} that failed`, recordError))
      return false
    }
    // A record that fails leaves the claim to run out and the claim to be sent again, which the
    // send's key makes harmless.
    await job
      .record(claim, { sent: true })
      .catch((error) => log(`Could not record ${job.noun} sent`, error))
    return true
  }

  return async () => {
    const run: ClaimedSendRun = { sent: 0, failed: 0 }
    const until = job.runBudgetMs === undefined ? undefined : now().getTime() + job.runBudgetMs
    for (let taken = 0; taken < job.limit; taken++) {
      if (until !== undefined && now().getTime() >= until) break
      const claim = await job.claimNext(leaseSeconds)
      if (claim === undefined) break
      if (await send(claim)) run.sent++
      else run.failed++
    }
    return run
  }
}
