import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chmod, chown, lstat, mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { scratchFolder } from '../tests/support/scratch-folder.ts'
import { askDataDirHolder, commandsFolder, lockDataDir } from './data-dir-lock.ts'

const root = new URL('..', import.meta.url).pathname
const socketOf = (dataDir: string) => join(commandsFolder(dataDir), 'socket')
const modeOf = async (path: string) => (await stat(path)).mode & 0o777

let folder: string
beforeAll(async () => {
  folder = await scratchFolder('demo-request-lock-')
})
afterAll(() => rm(folder, { recursive: true, force: true }))

const children = new Set<ChildProcess>()
afterEach(async () => {
  await Promise.all([...children].map(stop))
})

async function stop(child: ChildProcess) {
  children.delete(child)
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await gone
}

// A process of its own, started from `cwd`, that takes the lock and answers every command.
async function holderProcess(dataDir: string, cwd = root) {
  const lockModule = pathToFileURL(join(root, 'server/data-dir-lock.ts')).href
  const child = spawn(
    process.execPath,
    [
      '--import',
      pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
      '--eval',
      `import(${JSON.stringify(lockModule)}).then(async ({ lockDataDir }) => {
         const lock = await lockDataDir(${JSON.stringify(dataDir)})
         lock.answer(async (command) => ({ output: 'held elsewhere: ' + command, exitCode: 0 }))
         console.log('held')
       })`,
    ],
    { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  children.add(child)
  let errors = ''
  child.stderr?.on('data', (chunk) => {
    errors += chunk
  })
  await new Promise((resolve, reject) => {
    child.stdout?.once('data', resolve)
    child.once('exit', () => reject(new Error(`The holder exited without the lock: ${errors}`)))
  })
  return child
}

// What a killed holder leaves: a socket file nobody listens on.
async function staleSocket(dataDir: string) {
  await mkdir(commandsFolder(dataDir), { recursive: true, mode: 0o700 })
  const child = spawn(
    process.execPath,
    [
      '--eval',
      `require('node:net').createServer().listen(process.argv[1], () => console.log('bound'))`,
      socketOf(dataDir),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  children.add(child)
  await new Promise((resolve) => child.stdout?.once('data', resolve))
  await stop(child)
  expect((await lstat(socketOf(dataDir))).isSocket()).toBe(true)
}

describe('the data folder lock', () => {
  it('is held by one of two processes racing for it, and free again on release', async () => {
    const dataDir = join(folder, 'raced')
    const results = await Promise.allSettled([lockDataDir(dataDir), lockDataDir(dataDir)])
    const held = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    expect(held).toHaveLength(1)
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({
      reason: { message: expect.stringContaining('is open in another process') },
    })
    await held[0]?.release()
    await (await lockDataDir(dataDir)).release()
  })

  it('answers commands for its holder, and nobody once released, its socket gone', async () => {
    const dataDir = join(folder, 'asked')
    const lock = await lockDataDir(dataDir)
    lock.answer(async (command) => ({ output: `ran ${command}\n`, exitCode: 0 }))
    expect(await askDataDirHolder(dataDir, 'leads', null)).toEqual({
      output: 'ran leads\n',
      exitCode: 0,
    })
    await lock.release()
    await expect(lstat(socketOf(dataDir))).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await askDataDirHolder(dataDir, 'leads', null)).toBeNull()
  })

  it('is taken over from a killed holder, whose socket file stays behind', async () => {
    const dataDir = join(folder, 'killed')
    const holder = await holderProcess(dataDir)
    await expect(lockDataDir(dataDir)).rejects.toThrow('is open in another process')
    await stop(holder)
    expect((await lstat(socketOf(dataDir))).isSocket()).toBe(true)
    expect(await askDataDirHolder(dataDir, 'leads', null)).toBeNull()
    const lock = await lockDataDir(dataDir)
    lock.answer(async () => ({ output: 'the new holder\n', exitCode: 0 }))
    expect(await askDataDirHolder(dataDir, 'leads', null)).toMatchObject({
      output: 'the new holder\n',
    })
    await lock.release()
  })

  it('goes to one of two processes racing to replace a stale socket', async () => {
    for (let round = 0; round < 3; round++) {
      const dataDir = join(folder, `stale-race-${round}`)
      await staleSocket(dataDir)
      const results = await Promise.allSettled([lockDataDir(dataDir), lockDataDir(dataDir)])
      const held = results.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      )
      expect(held).toHaveLength(1)
      await held[0]?.release()
    }
  })

  it('keeps the data and the socket to their owner: folders 0700, the socket 0600', async () => {
    const dataDir = join(folder, 'modes', 'pglite')
    // A folder made open by an earlier run, or by hand, is closed again.
    await mkdir(dataDir, { recursive: true, mode: 0o755 })
    await chmod(dataDir, 0o755)
    const lock = await lockDataDir(dataDir)
    try {
      expect(await modeOf(dataDir)).toBe(0o700)
      expect(await modeOf(commandsFolder(dataDir))).toBe(0o700)
      expect(await modeOf(socketOf(dataDir))).toBe(0o600)
    } finally {
      await lock.release()
    }
  })

  it('reaches a socket whose path is longer than sun_path holds, however each process names it', async () => {
    const dataDir = join(folder, 'l'.repeat(80))
    expect(Buffer.byteLength(socketOf(dataDir))).toBeGreaterThan(108)
    expect(Buffer.byteLength(relative(folder, socketOf(dataDir)))).toBeLessThan(104)
    // Held here, through /proc/self/fd, and asked from a process in the scratch folder, by the
    // shorter path from there: one socket file, one lock.
    const lock = await lockDataDir(dataDir)
    lock.answer(async (command) => ({ output: `ran ${command}\n`, exitCode: 0 }))
    expect(await askDataDirHolder(dataDir, 'leads', null)).toMatchObject({ output: 'ran leads\n' })
    await expect(holderProcess(dataDir, folder)).rejects.toThrow('is open in another process')
    await lock.release()
    await expect(lstat(socketOf(dataDir))).rejects.toMatchObject({ code: 'ENOENT' })
    // And the other way round.
    const holder = await holderProcess(dataDir, folder)
    await expect(lockDataDir(dataDir)).rejects.toThrow('is open in another process')
    expect(await askDataDirHolder(dataDir, 'console-link', null)).toMatchObject({
      output: 'held elsewhere: console-link',
    })
    await stop(holder)
    await (await lockDataDir(dataDir)).release()
  })
})

// Another user on the machine, as `nobody`: the test needs root to become them (CI runs as root).
const isRoot = process.getuid?.() === 0
const nobody = (() => {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody']).toString())
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    return null
  }
})()

// Run as that user: connects to each socket and asks it for the leads, as `npm run leads` does,
// and lists each folder. Node's own modules only, so nothing of the project need be readable.
const otherUserScript = `
const net = require('node:net')
const fs = require('node:fs')
const { sockets, folders } = JSON.parse(process.argv[1])
const body = JSON.stringify({ command: 'leads', input: null })
const ask = (path) => new Promise((resolve) => {
  let reply = ''
  net.connect(path)
    .on('connect', function () {
      this.end('POST / HTTP/1.1\\r\\nhost: x\\r\\nconnection: close\\r\\ncontent-length: ' + body.length + '\\r\\n\\r\\n' + body)
    })
    .on('data', (chunk) => { reply += chunk })
    .on('end', () => resolve(reply.slice(reply.indexOf('\\r\\n\\r\\n') + 4) || 'connected'))
    .on('error', (error) => resolve(error.code))
})
const list = (folder) => { try { return fs.readdirSync(folder) } catch (error) { return error.code } }
Promise.all(sockets.map(ask)).then((asked) =>
  console.log(JSON.stringify({ asked, listed: folders.map(list) })))
`

async function asOtherUser(sockets: string[], folders: string[]) {
  if (!nobody) throw new Error('No user nobody')
  const child = spawn(
    process.execPath,
    ['--eval', otherUserScript, JSON.stringify({ sockets, folders })],
    { uid: nobody.uid, gid: nobody.gid, cwd: '/', stdio: ['ignore', 'pipe', 'inherit'] },
  )
  children.add(child)
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  await new Promise((resolve) => child.once('exit', resolve))
  return JSON.parse(output) as { asked: string[]; listed: (string | string[])[] }
}

describe('another user', () => {
  let open: Server | undefined
  afterEach(() => open?.close())

  it('can neither run a command nor read the data, while the owner can', async (context) => {
    context.skip(!isRoot || !nobody, 'needs root, to run a client as the user nobody')
    const dataDir = join(folder, 'private', 'pglite')
    // The scratch folder is the owner's alone (mkdtemp): opened here, so that the only doors
    // shut are the lock's own.
    await mkdir(dataDir, { recursive: true })
    await chmod(folder, 0o755)
    await chmod(join(folder, 'private'), 0o755)
    const lock = await lockDataDir(dataDir)
    lock.answer(async (command) => ({ output: `every lead (${command})\n`, exitCode: 0 }))
    // PGlite writes its files readable and writable by everyone.
    await writeFile(join(dataDir, 'PG_VERSION'), '17\n', { mode: 0o666 })
    // A socket any user may use, beside it: the other user's client reaches what it is let in to.
    const openSocket = join(folder, 'private', 'open.sock')
    open = createServer((socket) => socket.end('HTTP/1.1 200 OK\r\n\r\nopen to all'))
    await new Promise<void>((resolve) => open?.listen(openSocket, resolve))
    await chmod(openSocket, 0o777)
    try {
      expect(
        await asOtherUser(
          [openSocket, socketOf(dataDir)],
          [join(folder, 'private'), dataDir, commandsFolder(dataDir)],
        ),
      ).toEqual({
        asked: ['open to all', 'EACCES'],
        listed: [['open.sock', 'pglite', 'pglite-commands'], 'EACCES', 'EACCES'],
      })
      expect(await askDataDirHolder(dataDir, 'leads', null)).toEqual({
        output: 'every lead (leads)\n',
        exitCode: 0,
      })
    } finally {
      await lock.release()
    }
  })

  it("is not asked through a folder of another user's, nor given one", async (context) => {
    context.skip(!isRoot || !nobody, 'needs root, to give a folder to the user nobody')
    if (!nobody) return
    const dataDir = join(folder, 'foreign')
    await mkdir(commandsFolder(dataDir), { recursive: true })
    await chown(commandsFolder(dataDir), nobody.uid, nobody.gid)
    await expect(askDataDirHolder(dataDir, 'leads', null)).rejects.toThrow(
      'belongs to another user',
    )
    await expect(lockDataDir(dataDir)).rejects.toThrow('belongs to another user')
  })
})
