// The sends of one process, which new leads' deliveries give way to in a burst. A delivery
// costs the process several times what answering a send does (six requests out, their claims
// and records), so while sends keep it answering most of the time the deliveries wait and the
// replies go first; once the burst has passed, or a delivery has waited its longest, it goes.
// A lone lead, or a steady ten a second, is no burst: its deliveries go at once.

/** What counts as a burst: sends in flight more than `burstShare` of the time, over about `memoryMs`. */
interface BurstSettings {
  memoryMs?: number
  burstShare?: number
  /** The clock the share is kept on; the system's by default. */
  now?: () => number
}

/** The sends of one process. */
export interface SendTraffic {
  /** A send has begun; call what it returns once it has been answered. */
  begin(): () => void
  /** Milliseconds until the sends are no burst: 0 when they are none, null while one in flight keeps them one. */
  pausedIn(): number | null
  /** Calls `listener` each time the last send in flight is answered; returns its removal. */
  onIdle(listener: () => void): () => void
}

export function createSendTraffic({
  memoryMs = 1000,
  burstShare = 0.5,
  now = Date.now,
}: BurstSettings = {}): SendTraffic {
  let inFlight = 0
  // The share of the recent past with a send in flight, older time weighing exponentially less.
  let share = 0
  let settledAt = now()
  const settle = () => {
    const at = now()
    const kept = Math.exp(-(at - settledAt) / memoryMs)
    share = share * kept + (inFlight > 0 ? 1 - kept : 0)
    settledAt = at
  }
  const listeners = new Set<() => void>()
  return {
    begin() {
      settle()
      inFlight++
      let ended = false
      return () => {
        if (ended) return
        ended = true
        settle()
        inFlight--
        if (inFlight === 0) for (const listener of [...listeners]) listener()
      }
    },
    pausedIn() {
      settle()
      if (share <= burstShare) return 0
      if (inFlight > 0) return null
      // With nothing in flight the share only falls: the time until it is down to a burst's.
      return Math.ceil(memoryMs * Math.log(share / burstShare))
    },
    onIdle(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * Milliseconds a waiter until `deadline` (a `Date.now()` time) still waits: 0 when `traffic` is
 * no burst or the deadline has passed, else until the burst's end or the deadline, first. In
 * flight, the last answer may end it sooner (`onIdle`).
 */
export function waitLeft(traffic: SendTraffic, deadline: number): number {
  const left = deadline - Date.now()
  const pausedIn = traffic.pausedIn()
  return pausedIn === 0 || left <= 0 ? 0 : Math.min(pausedIn ?? left, left)
}

/** Resolves once `traffic` is no burst, or at `deadline` (a `Date.now()` time) whatever it is. */
export function whenPaused(traffic: SendTraffic, deadline: number): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let removeListener = () => {}
    const check = () => {
      clearTimeout(timer)
      removeListener()
      const wait = waitLeft(traffic, deadline)
      if (wait === 0) return resolve()
      removeListener = traffic.onIdle(check)
      timer = setTimeout(check, wait)
    }
    check()
  })
}
