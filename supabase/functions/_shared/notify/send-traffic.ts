// The sends in flight, which new leads' deliveries give way to. A delivery costs the process
// several times what answering a send does (six requests out, their claims and records), so in
// a burst of sends the deliveries wait and the replies go first; once the sends pause, or a
// delivery has waited its longest, it goes. A lone lead's deliveries wait only for its own
// reply and the short pause after it.

/** How long no send must have begun, and none be in flight, before the sends count as paused. */
const sendPauseMs = 100

/** The sends of one process. */
export interface SendTraffic {
  /** A send has begun; call what it returns once it has been answered. */
  begin(): () => void
  /** Milliseconds until the sends have paused: 0 when they have, null while one is in flight. */
  pausedIn(): number | null
  /** Calls `listener` each time the last send in flight is answered; returns its removal. */
  onIdle(listener: () => void): () => void
}

export function createSendTraffic(pauseMs = sendPauseMs): SendTraffic {
  let inFlight = 0
  let lastBegan = Number.NEGATIVE_INFINITY
  const listeners = new Set<() => void>()
  return {
    begin() {
      inFlight++
      lastBegan = Date.now()
      let ended = false
      return () => {
        if (ended) return
        ended = true
        inFlight--
        if (inFlight === 0) for (const listener of [...listeners]) listener()
      }
    },
    pausedIn: () => (inFlight > 0 ? null : Math.max(0, lastBegan + pauseMs - Date.now())),
    onIdle(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** Resolves once `traffic` has paused, or at `deadline` (a `Date.now()` time) whatever it does. */
export function whenPaused(traffic: SendTraffic, deadline: number): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let removeListener = () => {}
    const check = () => {
      clearTimeout(timer)
      removeListener()
      const left = deadline - Date.now()
      const pausedIn = traffic.pausedIn()
      if (pausedIn === 0 || left <= 0) return resolve()
      // In flight: the last answer wakes it; else the pause's end or the deadline, first.
      if (pausedIn === null) removeListener = traffic.onIdle(check)
      timer = setTimeout(check, Math.min(pausedIn ?? left, left))
    }
    check()
  })
}
