/**
 * The moment a stand-in holds a request's whole body, on this process's `performance.now()`
 * clock. Every stand-in stamps its receipts here, so the bench can subtract a send's time (taken
 * on the same clock) from any destination's receipt, and no stand-in counts from another moment
 * (headers only, or the reply sent) than the rest.
 */
export const receivedAt = (): number => performance.now()
