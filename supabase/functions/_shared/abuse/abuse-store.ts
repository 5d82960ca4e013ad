/** What the defences against floods keep in the database: rate limits, client keys, proofs. */
export interface AbuseStore {
  /**
   * The secret client keys of the window starting at `windowStart` are made with: the same for
   * every instance, replaced every UTC day.
   */
  clientKeySecret(windowStart: Date): Promise<string>
  /**
   * Marks the proof with `nonce` spent on the lead with `idempotencyKey` until `expiresAt`.
   * True when it was not spent before, or was spent on that same key (a retry of one lead).
   */
  spendProof(nonce: string, idempotencyKey: string | null, expiresAt: Date): Promise<boolean>
  /** Everyone's submissions in the window starting at `windowStart`. */
  windowTotal(windowStart: Date): Promise<number>
  /**
   * Removes rate-limit windows that started before `before`, the secrets no window from
   * `before` on uses and spent proofs expired by then; returns how many windows' client rows it
   * removed.
   */
  prune(before: Date): Promise<number>
}
