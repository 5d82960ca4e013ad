import { remote } from 'webdriverio'
import { webkitCapabilities } from './engines.ts'

// WebKitWebDriver answers a new session once MiniBrowser has started and connected to it: within
// a second here, a few under load. In one fresh-clone run of some thirty it never answered, and
// webdriverio waits 120 s for an answer without asking again (a timeout before the answer's
// headers is not among the errors it retries). The driver begins sessions side by side: with one
// request held by a browser that never connects, a second got its session in 0.4 s. So a session
// not begun within this wait is asked for once more. It is webdriverio's one request timeout, so
// it bounds the session's later requests too, each of which takes seconds at most.
const sessionWaitMs = 45_000

type Capabilities = ReturnType<typeof webkitCapabilities> & Record<string, unknown>

/** A WebDriver session on MiniBrowser through the driver at `hostname:port`. */
export async function webkitSession(
  hostname: string,
  port: number,
  capabilities: Capabilities = webkitCapabilities(),
) {
  const begin = () =>
    remote({
      hostname,
      port,
      logLevel: 'error',
      capabilities,
      connectionRetryTimeout: sessionWaitMs,
    })
  try {
    return await begin()
  } catch (error) {
    if (!/UND_ERR_HEADERS_TIMEOUT|timed out/i.test(String(error))) throw error
    console.warn(`WebKitWebDriver began no session in ${sessionWaitMs / 1000} s: asking again`)
    return begin()
  }
}
