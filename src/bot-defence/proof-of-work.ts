import type { FunctionsClient } from '@supabase/functions-js'
import { sha256 } from './sha256.ts'

/**
 * The widget's side of the function's proof of work (supabase/functions/_shared/abuse/proof-of-work.ts):
 * fetch a challenge with a GET, then find a counter whose SHA-256 of `<challenge>.<counter>`
 * starts with the challenge's bits of zeros. The search runs on the main thread in slices of a
 * few milliseconds, so it leaves no long task and needs no Worker (which a strict CSP would have
 * to allow as `worker-src blob:`, or the widget ship as a second file). It hashes with
 * sha256.ts, not Web Crypto, which a partner page on plain http lacks.
 */

/**
 * What a proof source hands the POST: a solved challenge, `null` when the function asks for none
 * (`POW_MAX_BITS=0`), or why there is none.
 */
type ProofOutcome<Failure> = { proof: string | null } | { failure: Failure }

/** Solves challenges ahead of the click: `start` when the visitor begins, `take` at the send. */
export interface ProofSource<Failure> {
  /** Fetches and solves a challenge in the background, unless one is on its way. */
  start(): void
  /** The proof begun by `start` (begun now if none), which is then used up. */
  take(): Promise<ProofOutcome<Failure>>
}

// The search gives the main thread back this often, so input and rendering never wait on it.
const sliceMs = 5
// The function accepts a challenge for 20 minutes; one older than this is fetched again rather
// than risk an expired proof and a second round trip at the click.
const staleAfterMs = 15 * 60 * 1000

const zeroBits = (hash: Uint8Array, bits: number) => {
  let index = 0
  for (; bits >= 8; bits -= 8) if (hash[index++] !== 0) return false
  return bits === 0 || (hash[index] as number) >> (8 - bits) === 0
}

/** The proof for `challenge`: it, a dot and the first counter whose hash has its zero bits. */
export async function solveChallenge(challenge: string): Promise<string> {
  const bits = Number(challenge.split('.')[1])
  if (!Number.isInteger(bits) || bits < 0 || bits > 32) throw new Error('Not a challenge')
  let sliceStart = performance.now()
  for (let counter = 0; ; counter++) {
    if (zeroBits(sha256(`${challenge}.${counter}`), bits)) {
      return `${challenge}.${counter}`
    }
    // The clock is read every 256 hashes (a few milliseconds), not after each one.
    if ((counter & 255) === 255 && performance.now() - sliceStart > sliceMs) {
      await giveWay()
      sliceStart = performance.now()
    }
  }
}

/** How a failed call is told: from the client's error, or from a reply that is no challenge. */
interface Failures<Failure> {
  ofError: (error: unknown) => Promise<Failure>
  ofReply: (error: unknown) => Failure
}

// A message to itself: queued as a new task like setTimeout(0), without its 4 ms clamp.
function giveWay(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

async function fetchProof<Failure>(
  functions: Pick<FunctionsClient, 'invoke'>,
  name: string,
  timeoutMs: number,
  failures: Failures<Failure>,
): Promise<ProofOutcome<Failure>> {
  try {
    const { data, error } = await functions.invoke<{ challenge?: unknown }>(name, {
      method: 'GET',
      timeout: timeoutMs,
    })
    if (error) return { failure: await failures.ofError(error) }
    const challenge = data?.challenge
    if (challenge === null) return { proof: null }
    if (typeof challenge !== 'string') throw new Error('The reply carried no challenge')
    return { proof: await solveChallenge(challenge) }
  } catch (error) {
    return { failure: failures.ofReply(error) }
  }
}

/** A proof source over the function `name` of `functions`. */
export function createProofSource<Failure>(
  functions: Pick<FunctionsClient, 'invoke'>,
  name: string,
  timeoutMs: number,
  failures: Failures<Failure>,
): ProofSource<Failure> {
  let next: { outcome: Promise<ProofOutcome<Failure>>; begun: number } | null = null
  const start = () => {
    if (next && Date.now() - next.begun < staleAfterMs) return
    next = { outcome: fetchProof(functions, name, timeoutMs, failures), begun: Date.now() }
  }
  return {
    start,
    take() {
      start()
      const outcome = (next as NonNullable<typeof next>).outcome
      next = null
      return outcome
    },
  }
}
