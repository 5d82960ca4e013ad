// Enough for every partner a project could leave out; a flood of made-up origins stops here.
const maxLogged = 100

/**
 * Logs an origin the function refused, the first time only, naming the setting that would
 * allow it: a partner left out of the list shows once in the log, not on every request.
 */
export function logRefusedOriginOnce(log: (message: string) => void): (origin: string) => void {
  const logged = new Set<string>()
  return (origin) => {
    if (logged.has(origin) || logged.size > maxLogged) return
    logged.add(origin)
    log(
      logged.size <= maxLogged
        ? `send-demo-request refused origin ${origin}: add it to ALLOWED_ORIGINS`
        : `send-demo-request refused more than ${maxLogged} origins: the rest are not logged`,
    )
  }
}
