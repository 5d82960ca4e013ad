/** What the proof of work keeps in the database. */
export interface ProofStore {
  /**
   * Marks the proof with `nonce` spent on the lead with `idempotencyKey` until `expiresAt`.
   * True when it was not spent before, or was spent on that same key (a retry of one lead).
   */
  spend(nonce: string, idempotencyKey: string | null, expiresAt: Date): Promise<boolean>
  /** Everyone's submissions in the window starting at `windowStart`. */
  windowTotal(windowStart: Date): Promise<number>
}
