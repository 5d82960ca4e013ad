import { createHash } from 'node:crypto'
import { closeSync, openSync } from 'node:fs'
import { chmod, mkdir, rm, stat } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import { connect, createServer as createSocketServer } from 'node:net'
import { join, relative } from 'node:path'
import { buffer } from 'node:stream/consumers'

/** What a command prints, a note for people beside it, and the exit status it ends with. */
export interface CommandResult {
  output: string
  note?: string
  exitCode: number
}

/** Runs a command, by name, in the process that holds the database. */
export type CommandRunner = (command: string, input: unknown) => Promise<CommandResult>

/** The folder beside `dataDir` that holds its commands' socket, `socket`, for its owner alone. */
export const commandsFolder = (dataDir: string) => `${dataDir}-commands`
const socketName = 'socket'

const ownUid = process.getuid?.()

const notYours = (folder: string) =>
  new Error(
    `${folder} belongs to another user: npm start keeps its data and its commands' socket in ` +
      'folders only their user can open. Set PGLITE_DATA_DIR to a folder of yours.',
  )

const inUse = (dataDir: string) =>
  new Error(
    `${dataDir} is open in another process (npm start or npm run dev). ` +
      'Stop it first, or set PGLITE_DATA_DIR or DATABASE_URL to use other data.',
  )

// A folder of another user's is neither used nor asked: its socket could be anyone's.
function ensureOwn(folder: string, folderStat: { isDirectory(): boolean; uid: number }) {
  if (!folderStat.isDirectory() || (ownUid !== undefined && folderStat.uid !== ownUid)) {
    throw notYours(folder)
  }
}

// What connecting to a socket nobody listens on fails with: a file left behind, or none.
const nobodyListens = (error: NodeJS.ErrnoException) =>
  ['ECONNREFUSED', 'ENOENT'].includes(error.code ?? '')

// Only its owner can open a folder with mode 0700, nor reach a socket inside it, whatever the
// socket's own mode: Linux checks a socket's mode on connect, other systems need not (unix(7)).
// PGlite writes its files readable and writable by everyone (0666), so its folder is closed too.
async function ownerOnlyFolder(folder: string) {
  await mkdir(folder, { recursive: true, mode: 0o700 })
  const folderStat = await stat(folder)
  ensureOwn(folder, folderStat)
  if (folderStat.mode & 0o077) await chmod(folder, 0o700)
}

// Whether a process may have left a socket in `folder`; a folder of another user's is not asked.
async function heldFolder(folder: string): Promise<boolean> {
  const folderStat = await stat(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
  if (folderStat === null) return false
  ensureOwn(folder, folderStat)
  return true
}

// A socket's path must fit sun_path: 108 bytes on Linux, 104 on macOS, a NUL among them.
const maxSocketPath = process.platform === 'linux' ? 107 : 103

/**
 * A path to the socket in `folder` that fits sun_path, and what to do once done with it. Each
 * way names the one file, so the lock is the same whichever a process takes: the full path;
 * else the path from the working folder; else, on Linux, the path through an open descriptor of
 * the folder (`/proc/self/fd/N/socket`), which must stay open while the path is used.
 */
function socketAddress(folder: string): { path: string; done(): void } {
  const full = join(folder, socketName)
  const near = relative(process.cwd(), full)
  for (const path of [full, near]) {
    if (Buffer.byteLength(path) <= maxSocketPath) return { path, done() {} }
  }
  if (process.platform === 'linux') {
    const descriptor = openSync(folder, 'r')
    return {
      path: `/proc/self/fd/${descriptor}/${socketName}`,
      done: () => closeSync(descriptor),
    }
  }
  throw new Error(
    `The path of ${folder} is too long for a socket (${maxSocketPath} bytes at most): ` +
      'set PGLITE_DATA_DIR to a shorter path, or start from a folder nearer it.',
  )
}

// Whether a process listens on the socket at `path`: a socket file left by a killed one refuses.
function listening(path: string) {
  return new Promise<boolean>((resolve, reject) => {
    const socket = connect(path)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', (error: NodeJS.ErrnoException) =>
      nobodyListens(error) ? resolve(false) : reject(error),
    )
  })
}

/**
 * Removing a stale socket and listening in its place are two steps, and two processes taking
 * them at once could each remove the other's new socket. On Linux, an abstract socket named after
 * the file lets one process at a time take them, and vanishes with its process if it is killed
 * meanwhile; it answers nothing, and is gone within milliseconds. `null`: another process has the
 * turn. Elsewhere every process has it, as the race is left open there.
 */
function turnToReplace(socketFile: string): Promise<{ end(): void } | null> {
  if (process.platform !== 'linux') return Promise.resolve({ end() {} })
  const turn = createSocketServer((socket) => socket.destroy())
  const name = `\0demo-request-replace-${createHash('sha256').update(socketFile).digest('hex').slice(0, 40)}`
  return new Promise((resolve, reject) => {
    turn.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
    )
    turn.listen(name, () => resolve({ end: () => turn.close() }))
  })
}

/**
 * Claims `dataDir` for this process. PGlite is a single-process database and a second process
 * opening the folder would corrupt it, so the holder listens on a socket in a folder beside it
 * (`commandsFolder`): binding it is the lock, and commands ask the holder through it instead of
 * opening the folder. Both folders are made the owner's alone (mode 0700, the socket 0600), so no
 * other user can open the data or run a command. A socket left by a killed holder is replaced.
 * Until `answer` is called, commands are told to wait.
 */
export async function lockDataDir(dataDir: string) {
  const folder = commandsFolder(dataDir)
  await ownerOnlyFolder(dataDir)
  await ownerOnlyFolder(folder)
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
  const socketFile = join(folder, socketName)
  const address = socketAddress(folder)
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject).listen(address.path, () => {
        server.off('error', reject)
        resolve()
      })
    })
  try {
    await listen().catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE' || (await listening(address.path))) throw inUse(dataDir)
      const turn = await turnToReplace(socketFile)
      if (turn === null) throw inUse(dataDir)
      try {
        // Another process may have replaced it between the look and the turn.
        if (await listening(address.path)) throw inUse(dataDir)
        await rm(socketFile, { force: true })
        await listen()
      } finally {
        turn.end()
      }
    })
    await chmod(socketFile, 0o600)
  } catch (error) {
    server.close()
    address.done()
    throw error
  }
  return {
    /** Lets other processes run commands here, on the open database. */
    answer(next: CommandRunner) {
      runner = next
    },
    async release() {
      server.closeAllConnections()
      // Closing removes the socket file, through the path it was bound by: that stays valid
      // until then.
      await new Promise<void>((resolve) => server.close(() => resolve()))
      address.done()
    },
  }
}

/** Runs `command` in the process holding `dataDir`; `null` when no process holds it. */
export async function askDataDirHolder(
  dataDir: string,
  command: string,
  input: unknown,
): Promise<CommandResult | null> {
  const folder = commandsFolder(dataDir)
  if (!(await heldFolder(folder))) return null
  let address: ReturnType<typeof socketAddress>
  try {
    address = socketAddress(folder)
  } catch (error) {
    // Removed since: nobody holds it.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  try {
    return await new Promise<CommandResult | null>((resolve, reject) => {
      const ask = request(
        { socketPath: address.path, method: 'POST', agent: false },
        async (reply) => {
          resolve(JSON.parse((await buffer(reply)).toString()))
        },
      )
      // Nobody listening: the folder is free.
      ask.once('error', (error: NodeJS.ErrnoException) =>
        nobodyListens(error) ? resolve(null) : reject(error),
      )
      ask.end(JSON.stringify({ command, input }))
    })
  } finally {
    address.done()
  }
}
