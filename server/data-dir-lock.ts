import { createHash } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import { buffer } from 'node:stream/consumers'

/** What a command prints, a note for people beside it, and the exit status it ends with. */
export interface CommandResult {
  output: string
  note?: string
  exitCode: number
}

/** Runs a command, by name, in the process that holds the database. */
export type CommandRunner = (command: string, input: unknown) => Promise<CommandResult>

// Linux's abstract socket names vanish with their process, so a crashed holder never leaves a
// stale lock; elsewhere a socket file beside the folder does, and is removed when stale.
const abstract = process.platform === 'linux'
const socketPath = (dataDir: string) =>
  abstract
    ? `\0demo-request-${createHash('sha256').update(dataDir).digest('hex').slice(0, 40)}`
    : `${dataDir}.sock`

/**
 * Claims `dataDir` for this process. PGlite is a single-process database and a second process
 * opening the folder would corrupt it, so the holder listens on a socket named after the folder:
 * binding it is the lock, and commands ask the holder through it instead of opening the folder.
 * Until `answer` is called, commands are told to wait.
 */
export async function lockDataDir(dataDir: string) {
  let runner: CommandRunner = async () => ({ output: 'The database is opening.\n', exitCode: 1 })
  const server = createServer(async (req, res) => {
    const result = await buffer(req)
      .then((body) => {
        const { command, input } = JSON.parse(body.toString())
        return runner(String(command), input)
      })
      .catch((error: Error) => ({ output: `${error.message}\n`, exitCode: 1 }))
    res.end(JSON.stringify(result))
  })
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject).listen(socketPath(dataDir), () => {
        server.off('error', reject)
        resolve()
      })
    })
  try {
    await listen()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    if (abstract || (await askDataDirHolder(dataDir, 'ping', null)) !== null) {
      throw new Error(
        `${dataDir} is open in another process (npm start or npm run dev). ` +
          'Stop it first, or set PGLITE_DATA_DIR or DATABASE_URL to use other data.',
      )
    }
    await rm(socketPath(dataDir), { force: true })
    await listen()
  }
  return {
    /** Lets other processes run commands here, on the open database. */
    answer(next: CommandRunner) {
      runner = next
    },
    release() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Runs `command` in the process holding `dataDir`; `null` when no process holds it. */
export function askDataDirHolder(dataDir: string, command: string, input: unknown) {
  return new Promise<CommandResult | null>((resolve, reject) => {
    const path = socketPath(dataDir)
    const ask = request({ socketPath: path, method: 'POST', agent: false }, async (reply) => {
      resolve(JSON.parse((await buffer(reply)).toString()))
    })
    // Nobody listening: the folder is free.
    ask.once('error', (error: NodeJS.ErrnoException) =>
      ['ECONNREFUSED', 'ENOENT'].includes(error.code ?? '') ? resolve(null) : reject(error),
    )
    ask.end(JSON.stringify({ command, input }))
  })
}
