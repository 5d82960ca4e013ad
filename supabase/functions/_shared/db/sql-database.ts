/**
 * The little a store needs from a Postgres driver. node-postgres implements it in production,
 * PGlite on a newcomer's machine, so the same SQL runs on both.
 */
export interface SqlDatabase {
  /** How many statements it runs at once (its pool's connections); one where not said. */
  readonly connections?: number
  /** One statement with `$1`-style parameters; returns its rows. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>
  /** Several statements without parameters, such as a migration file. */
  exec(script: string): Promise<void>
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlDatabase) => Promise<T>): Promise<T>
  /** Releases the connections or the embedded database. */
  close(): Promise<void>
}
