// SQLSTATE classes of a database or connection in trouble, not of the statement: 08 connection
// exception, 53 insufficient resources, 57 operator intervention (a cancel, a shutdown), 58
// system error. A statement that failed for one of them would fail again as its parts.
const troubleClasses = new Set(['08', '53', '57', '58'])

/**
 * Whether `error` is PostgreSQL's refusal of the statement itself (a constraint, a bad value, a
 * raised exception), as node-postgres and PGlite report it: with its SQLSTATE as `code`. A lost
 * connection, a timeout or a database that is down is not.
 */
export function failedInTheStatement(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return (
    typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !troubleClasses.has(code.slice(0, 2))
  )
}
