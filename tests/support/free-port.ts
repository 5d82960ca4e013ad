import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

// A port the kernel hands out for `listen(0)` could be handed out again, to another test
// worker's stand-in, in the seconds before the server it was meant for listens (a backend run
// once had two tests' servers on one port). Ports below the kernel's ephemeral range are never
// handed out that way, so those are drawn from instead, at random, and probed.
function belowEphemeral(): [number, number] {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)
    const top = Number(low) - 1
    if (top > 12_000) return [10_000, top]
  } catch {
    // Not Linux: the usual ephemeral range starts at 49152.
  }
  return [10_000, 49_151]
}

const [first, last] = belowEphemeral()

function probe(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** A port nothing listens on right now, for a server a test starts in another process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = first + Math.floor(Math.random() * (last - first + 1))
    if (await probe(port)) return port
  }
  throw new Error(`No free port found between ${first} and ${last} in 50 tries`)
}
