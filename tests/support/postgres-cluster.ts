import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, chown, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './free-port.ts'
import { scratchFolder } from './scratch-folder.ts'

const run = promisify(execFile)

/** A throwaway PostgreSQL server in a temporary folder. */
export interface PostgresCluster {
  /** A superuser URL for the `postgres` database. */
  url: string
  port: number
  /** Its data folder, which holds postmaster.pid while it runs. */
  dataDir: string
  start(): Promise<void>
  stop(): Promise<void>
  /** Stops the server and deletes its folder. */
  destroy(): Promise<void>
}

/** The folder with `initdb` and `pg_ctl`, preferring version 15, or `null` when none exists. */
export async function findPostgresBin(): Promise<string | null> {
  if (process.env.POSTGRES_BIN && existsSync(join(process.env.POSTGRES_BIN, 'pg_ctl'))) {
    return process.env.POSTGRES_BIN
  }
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = (await readdir(root)).sort((a, b) => (a === '15' ? -1 : b === '15' ? 1 : 0))
  for (const version of versions) {
    const bin = join(root, version, 'bin')
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin
  }
  return null
}

/** Postgres refuses to run as root, so as root the tools run as the `postgres` user. */
async function asPostgres(bin: string, args: string[]) {
  const isRoot = process.getuid?.() === 0
  return isRoot ? run('runuser', ['-u', 'postgres', '--', bin, ...args]) : run(bin, args)
}

/** Creates and starts a cluster on a free port; the caller must `destroy()` it. */
export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const dir = await scratchFolder('demo-request-pg-')
  const data = join(dir, 'data')
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: group } = await run('id', ['-g', 'postgres'])
    await chown(dir, Number(stdout.trim()), Number(group.trim()))
    await chmod(dir, 0o700)
  }
  await asPostgres(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '--no-instructions',
  ])
  const port = await freePort()
  // Room for every backend file's pools and servers at once, with a worker per core.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`
  const pgCtl = join(bin, 'pg_ctl')
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir: data,
    async start() {
      await asPostgres(pgCtl, ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start'])
    },
    async stop() {
      await asPostgres(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'])
    },
    async destroy() {
      await cluster.stop().catch(() => {})
      await rm(dir, { recursive: true, force: true })
    },
  }
  await cluster.start()
  return cluster
}

/** A database of its own on a running server, for one test file. */
interface ServerDatabase {
  /** A superuser URL for this database. */
  url: string
  /** Drops it, ending whatever connections a test left open to it. */
  drop(): Promise<void>
}

let created = 0

/** Runs `script` on one connection of its own, which it closes. */
export async function execOn(url: string, script: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(script)
  } finally {
    await client.end()
  }
}

/**
 * Creates a database on the server at `serverUrl` (a superuser URL), under a name no other
 * process picks: a copy of `template`, by default the empty template0, so that nothing another
 * file made in `template1` comes with it.
 */
export async function createServerDatabase(
  serverUrl: string,
  template = 'template0',
): Promise<ServerDatabase> {
  const name = `test_${process.pid}_${++created}_${randomBytes(4).toString('hex')}`
  await execOn(serverUrl, `create database ${name} template ${template}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.href,
    drop: () => execOn(serverUrl, `drop database if exists ${name} with (force)`),
  }
}
