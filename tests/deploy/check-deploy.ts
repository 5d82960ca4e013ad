// npm run check:deploy: what `supabase functions deploy` would put in production, tried here. The
// real Supabase CLI deploys both functions to a local stand-in of the Management API and pushes
// the migrations to a throwaway PostgreSQL; then exactly the files uploaded for each, alone in an
// empty folder, are served by Deno with the edge runtime's variables: a lead goes through
// send-demo-request into a row, and the console reads it back as a salesperson signed in.
import { execFile } from 'node:child_process'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  type ConsoleError,
  consoleFunctionName,
  type LeadPage,
  type StaffMe,
} from '#core/console-api.ts'
import {
  type FormFields,
  fieldsSetting,
  formatFormFields,
  parseFormFields,
} from '#core/contact-fields.ts'
import { createPostgresDatabase } from '#shared/db/postgres-database.ts'
import type { SqlDatabase } from '#shared/db/sql-database.ts'
import { denoEnv, systemEnv } from '../../scripts/system-env.ts'
import { authSessionsStandIn, supabaseAuthBasics, supabaseRoles } from '../../server/migrate.ts'
import { createFunctionsClient } from '../../src/submission/functions-client.ts'
import { demoRequestProofs, sendDemoRequest } from '../../src/submission/send-demo-request.ts'
import { builtFieldsFile } from '../../widget/loader-build.ts'
import {
  addConsoleStaff,
  type ConsolePerson,
  consoleJwtSecret,
  staffToken,
} from '../support/console-staff.ts'
import {
  consoleEntry,
  denoBin,
  functionConfig,
  functionEntry,
  repoRoot,
} from '../support/deno-function.ts'
import { freePort } from '../support/free-port.ts'
import {
  type ManagementApiStandIn,
  startManagementApiStandIn,
} from '../support/management-api-stand-in.ts'
import { findPostgresBin, startPostgresCluster } from '../support/postgres-cluster.ts'
import { sampleContact, sampleLead, sampleSubmission } from '../support/sample-lead.ts'
import { scratchFolder } from '../support/scratch-folder.ts'
import { startServerProcess } from '../support/start-server-process.ts'

const supabaseBin = `${repoRoot}node_modules/.bin/supabase`
// Any twenty lowercase letters make a project ref.
const projectRef = 'checkdeploystandinxx'
const partner = 'https://partner.example'
// Made-up keys in the shapes Supabase gives them; the legacy anon key is a JWT.
const publishableKey = 'sb_publishable_checkdeploy_0000000000'
const anonKey = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.check-deploy'

/** A function as supabase/config.toml declares it, and why the gateway must not check JWTs. */
interface EdgeFunction {
  slug: string
  entry: string
  config: string
  withoutGatewayJwt: string
}

const demoRequestFunction: EdgeFunction = {
  slug: 'send-demo-request',
  entry: functionEntry,
  config: functionConfig,
  withoutGatewayJwt: 'the gateway would refuse the widget, which has no session',
}
const consoleFunction: EdgeFunction = {
  slug: consoleFunctionName,
  ...consoleEntry,
  withoutGatewayJwt: "the gateway would refuse the console's CORS preflights, which carry no token",
}

const execFileAsync = promisify(execFile)

/**
 * Runs a command to its end and returns its output; a failure carries the output too. Without
 * `env` it gets the machine's places and network settings as Deno needs them, and nothing else.
 */
async function run(
  command: string,
  args: string[],
  {
    stdoutOnly = false,
    env = denoEnv(),
    ...options
  }: { cwd: string; env?: object; stdoutOnly?: boolean },
) {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, {
      ...options,
      env,
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
    } as Parameters<typeof execFileAsync>[2] & { encoding: 'utf8' })
    return stdoutOnly ? stdout : `${stdout}${stderr}`
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`${[command, ...args].join(' ')} failed:\n${stdout}${stderr}`)
  }
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message)
}

interface DenoInfo {
  modules: { specifier: string; error?: string }[]
  npmPackages?: Record<string, { dependencies?: string[] }>
}

/** The entry's module graph; offline, npm packages are named but not resolved. */
async function denoInfo(fn: EdgeFunction, cwd: string, offline: boolean) {
  // --no-lock: the check writes nothing into the repository, and production has no lock either.
  const flags = offline ? ['--no-npm', '--no-remote'] : []
  const args = ['info', '--json', '--no-lock', ...flags, '--config', fn.config, fn.entry]
  // Only stdout is the JSON: on a cold cache Deno reports its downloads on stderr.
  return JSON.parse(await run(denoBin, args, { cwd, stdoutOnly: true })) as DenoInfo
}

const localModules = (info: DenoInfo, root: string) =>
  info.modules
    .filter((module) => module.specifier.startsWith('file:'))
    .map((module) => ({ ...module, path: relative(root, fileURLToPath(module.specifier)) }))

/**
 * 0. The widget in dist/ and the function ask for the same contact fields: DEMO_REQUEST_FIELDS
 * as the build read it, and as this check (like the deployed function) has it in its environment.
 */
async function checkFields(): Promise<FormFields> {
  const fields = parseFormFields(process.env.DEMO_REQUEST_FIELDS)
  const setting = formatFormFields(fields)
  const file = join(repoRoot, 'dist/widget', builtFieldsFile)
  const built = await readFile(file, 'utf8').then(
    (text) => (JSON.parse(text) as Record<string, string>)[fieldsSetting] ?? '',
    () => null,
  )
  const shown = (value: string) => (value === '' ? 'unset' : `"${value}"`)
  if (built === null) {
    console.log(
      `  no widget built yet (dist/widget/${builtFieldsFile}): its fields are not compared`,
    )
  } else {
    check(
      built === setting,
      `the widget in dist/ was built with ${fieldsSetting} ${shown(built)} but the function gets ${shown(setting)}: ${
        built === ''
          ? `unset the function's (npx supabase secrets unset ${fieldsSetting})`
          : `set the function's secret to match (npx supabase secrets set ${fieldsSetting}='${built}')`
      } and run this check with it, or rebuild the widget with ${fieldsSetting}='${setting}'`,
    )
  }
  console.log(`✓ ${fieldsSetting} ${shown(setting)} for the widget and the function alike`)
  return fields
}

/** 1. The real CLI deploys from the repository root, as docs/deploy.md says, to the stand-in. */
async function deploy(
  fn: EdgeFunction,
  api: ManagementApiStandIn,
  cliEnv: object,
  profile: string,
) {
  const args = ['functions', 'deploy', fn.slug, '--use-api', `--remote=${projectRef}`, '--yes']
  await run(supabaseBin, [...args, '--profile', profile], { cwd: repoRoot, env: cliEnv })
  const uploads = api.uploads.filter((upload) => upload.slug === fn.slug)
  const [upload] = uploads
  check(
    upload !== undefined && uploads.length === 1,
    `expected one upload of ${fn.slug}, the stand-in got ${uploads.length}`,
  )
  const { entrypoint_path, import_map_path, verify_jwt } = upload.metadata
  // One log call, so that the lists of two deploys at once do not interleave.
  console.log(
    [
      `✓ supabase ${args.join(' ')}: uploaded ${upload.files.size} files`,
      ...[...upload.files.keys()].sort().map((path) => `    ${path}`),
      `  entrypoint ${entrypoint_path}, import map ${import_map_path}, verify_jwt ${verify_jwt}`,
    ].join('\n'),
  )
  check(entrypoint_path === fn.entry, `the entrypoint of ${fn.slug} is ${entrypoint_path}`)
  check(import_map_path === fn.config, `the import map of ${fn.slug} is ${import_map_path}`)
  check(verify_jwt === false, `verify_jwt of ${fn.slug} is not false: ${fn.withoutGatewayJwt}`)
  return upload
}

/** 2. Every local module Deno needs was uploaded, and deno.json names exact versions. */
async function checkUploadSet(fn: EdgeFunction, files: Map<string, Uint8Array>) {
  const needed = localModules(await denoInfo(fn, repoRoot, true), repoRoot)
  const escaped = needed.filter((module) => !files.has(module.path)).map((module) => module.path)
  check(
    escaped.length === 0,
    `imports of ${fn.slug} escape the upload set, not uploaded: ${escaped.join(', ')}`,
  )
  const { imports } = JSON.parse(new TextDecoder().decode(files.get(fn.config))) as {
    imports: Record<string, string>
  }
  // A folder of the repository (`#core/`, the shared rules) is files the CLI uploads, not a version.
  const floating = Object.values(imports).filter(
    (specifier) =>
      !specifier.startsWith('.') && !/^(npm|jsr):(@[^/]+\/)?[^@]+@\d+\.\d+\.\d+$/.test(specifier),
  )
  check(floating.length === 0, `versions float in ${fn.config}: ${floating.join(', ')}`)
  const npmPins = Object.values(imports)
    .filter((specifier) => specifier.startsWith('npm:'))
    .map((specifier) => specifier.slice('npm:'.length))
    .sort()
  console.log(
    `✓ ${fn.slug}: all ${needed.length} local modules are uploaded; deno.json pins ${npmPins.join(', ')}`,
  )
  return npmPins
}

/**
 * Makes `db` (the server's superuser) a Supabase database: its API roles, Auth's `auth.uid()` and
 * `auth.jwt()`, and a login as Supabase's `postgres`, which pushes the migrations and which the
 * functions connect as. That one is no superuser there: it may create roles, owns the database
 * and may become the API roles. Returns its URL.
 */
async function supabaseStandIn(db: SqlDatabase, superuserUrl: string) {
  await db.exec(supabaseRoles)
  await db.exec(supabaseAuthBasics)
  await db.exec(authSessionsStandIn)
  const owner = 'project_postgres'
  // Supabase grants its `postgres` the tables Auth makes in `auth`, sessions among them.
  await db.exec(`
    create role ${owner} login createrole nosuperuser nobypassrls;
    grant anon, authenticated, service_role to ${owner};
    grant usage on schema auth to ${owner};
    grant select on auth.sessions to ${owner};
    alter database postgres owner to ${owner};
  `)
  const url = new URL(superuserUrl)
  url.username = owner
  return url.href
}

/**
 * 3. The CLI applies the migrations, row-level security policies included, as Supabase's
 * `postgres` (not a superuser), to a PostgreSQL that has Supabase's roles and Auth's `auth.uid()`
 * and `auth.jwt()`.
 */
async function pushMigrations(db: SqlDatabase, url: string, cliEnv: object) {
  await run(supabaseBin, ['db', 'push', `--remote=${url}`, '--yes'], { cwd: repoRoot, env: cliEnv })
  const files = await readdir(join(repoRoot, 'supabase/migrations'))
  const migrations = files.filter((file) => file.endsWith('.sql'))
  const applied = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version',
  )
  const [version] = await db.query<{ server_version: string }>('show server_version')
  check(
    applied.length === migrations.length,
    `the CLI applied ${applied.length} of ${migrations.length} migrations`,
  )
  // The console's policies are what keep each role to its own: they must be there, on every
  // table of the console's migration.
  const unguarded = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relname like 'console%'
        and not (c.relrowsecurity and exists (select from pg_policies p
          where p.schemaname = 'public' and p.tablename = c.relname))`,
  )
  check(
    unguarded.length === 0,
    `console tables without row-level security or a policy: ${unguarded.map((row) => row.name).join(', ')}`,
  )
  // And only through the console function, which writes the audit trail: the Data API serves
  // `public` to any session token as `authenticated` (or `anon`), so those two must reach nothing
  // there, and its login `authenticator` must not be able to become the staff's role.
  const [reach] = await db.query<Record<'policies' | 'tables' | 'functions', string | null>>(
    `select
      (select string_agg(p.tablename || ' ' || p.policyname, ', ') from pg_policies p
        where p.schemaname = 'public'
          and p.roles && array['anon', 'authenticated', 'public']::name[]) as policies,
      (select string_agg(c.relname || ' to ' || r.name, ', ') from pg_class c
        cross join unnest(array['anon', 'authenticated']) r(name)
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
          and (has_table_privilege(r.name, c.oid,
              'select, insert, update, delete, truncate, references, trigger')
            or has_any_column_privilege(r.name, c.oid, 'select, insert, update'))) as tables,
      (select string_agg(p.proname || ' to ' || r.name, ', ') from pg_proc p
        cross join unnest(array['anon', 'authenticated']) r(name)
        where p.pronamespace = 'public'::regnamespace
          and has_function_privilege(r.name, p.oid, 'execute')) as functions`,
  )
  for (const [what, found] of Object.entries(reach ?? {})) {
    check(found === null, `the Data API's roles reach ${what} of public: ${found}`)
  }
  const [staffRole] = await db.query<{ reachable: boolean }>(
    "select pg_has_role('authenticator', 'console_staff_role', 'member') as reachable",
  )
  check(
    staffRole?.reachable === false,
    'the Data API (authenticator) can become console_staff_role, and so read staff data past the audit trail',
  )
  const [policies] = await db.query<{ count: number; staff: number }>(
    `select count(*)::int as count,
      (count(*) filter (where 'console_staff_role' = any (roles)))::int as staff
      from pg_policies where schemaname = 'public'`,
  )
  const versions = applied.map((row) => row.version).join(', ')
  console.log(
    `✓ ${policies?.count} row-level security policies in place, ${policies?.staff} of them the console's (console_staff_role); nothing of public for the Data API's anon and authenticated`,
  )
  console.log(
    `✓ supabase db push --remote=postgres://…/postgres --yes: applied ${versions} to PostgreSQL ${version?.server_version}`,
  )
}

/** 4. The uploaded files alone, in an empty folder: they resolve, type-check, pull only the pins. */
async function copyUpload(
  fn: EdgeFunction,
  files: Map<string, Uint8Array>,
  folder: string,
  npmPins: string[],
) {
  for (const [path, bytes] of files) {
    await mkdir(dirname(join(folder, path)), { recursive: true })
    await writeFile(join(folder, path), bytes)
  }
  const info = await denoInfo(fn, folder, false)
  const broken = localModules(info, folder).filter(
    (module) => module.error || module.path.startsWith('..'),
  )
  const problems = broken.map((module) => `${module.path}: ${module.error ?? 'outside the upload'}`)
  check(
    broken.length === 0,
    `the upload of ${fn.slug} alone does not resolve: ${problems.join('; ')}`,
  )
  // What runs: the pins and what they depend on; type declarations are Deno's business.
  const packages = info.npmPackages ?? {}
  const running = new Set<string>()
  const visit = (id: string) => {
    if (running.has(id) || !(id in packages)) return
    running.add(id)
    for (const dependency of packages[id]?.dependencies ?? []) visit(dependency)
  }
  for (const id of Object.keys(packages)) if (npmPins.includes(id)) visit(id)
  const npmGraph = [...running].sort()
  // The CLI uploads no lock, so the pins' own dependencies resolve within their ranges on each
  // deploy: each must still be the version Node's lock installs, or this fails and says which.
  const locked = JSON.parse(await readFile(join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>
  }
  const drifted = npmGraph.filter((id) => {
    const [, name = '', version = ''] = /^((?:@[^/]+\/)?[^@]+)@([^_]+)/.exec(id) ?? []
    return !npmPins.includes(id) && locked.packages[`node_modules/${name}`]?.version !== version
  })
  check(
    npmPins.every((pin) => npmGraph.includes(pin)) && drifted.length === 0,
    `the npm graph of ${fn.slug} is ${npmGraph.join(', ')}; not as locked: ${drifted.join(', ')}`,
  )
  await run(denoBin, ['check', '--no-lock', '--config', fn.config, fn.entry], { cwd: folder })
  console.log(
    `✓ the upload of ${fn.slug} alone in an empty folder: deno check passes; npm graph ${npmGraph.join(', ')}`,
  )
}

/**
 * 5. Deno serves the copy as the edge runtime would: its variables, the secrets docs/deploy.md sets,
 * and SUPABASE_DB_URL (the direct connection) unreachable, so only the pooler's secret can work.
 */
async function serve(fn: EdgeFunction, folder: string, secrets: Record<string, string>) {
  const port = await freePort()
  return startServerProcess({
    command: denoBin,
    args: [
      'run',
      '--no-lock',
      '--allow-net',
      '--allow-env',
      '--allow-sys',
      `--allow-read=${folder}`,
      '--config',
      fn.config,
      fn.entry,
    ],
    cwd: folder,
    env: {
      ...denoEnv(),
      PORT: String(port),
      SUPABASE_URL: `http://127.0.0.1:${port}`,
      SUPABASE_DB_URL: `postgresql://postgres:unused@127.0.0.1:${await freePort()}/postgres`,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: publishableKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_checkdeploy_unused' }),
      SUPABASE_ANON_KEY: anonKey,
      SUPABASE_SERVICE_ROLE_KEY: 'unused',
      SB_REGION: 'local',
      SB_EXECUTION_ID: crypto.randomUUID(),
      DENO_DEPLOYMENT_ID: `${projectRef}_${fn.slug}_1`,
      ...secrets,
    },
    url: `http://127.0.0.1:${port}/functions/v1/${fn.slug}`,
    init: { method: 'OPTIONS', headers: { origin: partner } },
    timeoutMs: 90_000,
  })
}

/**
 * 6. A browser's preflight, a call without a key, and the widget's own client with each key.
 * Returns the id of the lead stored with the publishable key.
 */
async function postLeads(functionUrl: string, db: SqlDatabase, fields: FormFields) {
  // The sample lead, with a value for each contact field the form has.
  const contact = Object.fromEntries(fields.map(({ name }) => [name, sampleContact[name]]))
  const submission = { ...sampleSubmission, ...contact }
  const preflight = await fetch(functionUrl, {
    method: 'OPTIONS',
    headers: { origin: partner, 'access-control-request-headers': 'apikey, content-type' },
  })
  check(preflight.status === 204, `the preflight got ${preflight.status}`)
  check(
    preflight.headers.get('access-control-allow-headers')?.includes('apikey'),
    'the preflight does not allow the apikey header',
  )
  const keyless = await fetch(functionUrl, {
    method: 'POST',
    headers: { origin: partner, 'content-type': 'application/json' },
    body: JSON.stringify(sampleSubmission),
  })
  const { error } = await keyless.json()
  check(keyless.status === 401, `a call without a key got ${keyless.status}`)
  check(
    keyless.headers.get('access-control-allow-origin') === partner,
    'the 401 has no CORS headers: the widget could not read it',
  )
  const origin = new URL(functionUrl).origin
  // As the widget sends: with a proof of work, fetched and solved through the same client.
  const send = (key: string) => {
    const client = createFunctionsClient(origin, key)
    return sendDemoRequest(client, submission, {
      idempotencyKey: crypto.randomUUID(),
      proofs: demoRequestProofs(client),
    })
  }
  const publishable = await send(publishableKey)
  const anon = await send(anonKey)
  check(publishable.ok, `the publishable key's call failed: ${JSON.stringify(publishable)}`)
  check(anon.ok, `the anon key's call failed: ${JSON.stringify(anon)}`)
  console.log(
    `✓ served by Deno: preflight 204, no key 401 (${error?.code}, with CORS), publishable key 200, legacy anon key 200`,
  )

  const rows = await db.query<Record<string, string>>(
    `select first_name, last_name, company_name, company_size, email
     from public.demo_requests where id = $1`,
    [publishable.requestId],
  )
  const expected = [
    {
      first_name: sampleLead.firstName,
      last_name: sampleLead.lastName,
      company_name: sampleLead.companyName,
      company_size: sampleLead.companySize,
      email: submission.email ?? null,
    },
  ]
  check(
    JSON.stringify(rows) === JSON.stringify(expected),
    `the row read back is ${JSON.stringify(rows)}, not ${JSON.stringify(expected)}`,
  )
  console.log(`✓ read back from PostgreSQL: ${Object.values(rows[0] ?? {}).join(' | ')}`)
  return publishable.requestId
}

/**
 * 7. The console, as the page calls it from the site: a preflight, then tokens as Supabase Auth
 * signs them, for people on the staff. A salesperson finds the lead just stored; marketing gets
 * no name of it, whether refused or answered.
 */
async function readAsStaff(consoleUrl: string, db: SqlDatabase, leadId: string) {
  await addConsoleStaff(db)
  const call = (path: string, token: string | null) =>
    fetch(`${consoleUrl}/${path}`, {
      headers: { origin: partner, ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    })
  const callAs = async (person: ConsolePerson, path: string) => call(path, await staffToken(person))
  const refusal = async (reply: Response) =>
    ((await reply.json()) as { error?: ConsoleError }).error?.code

  const preflight = await fetch(`${consoleUrl}/leads`, {
    method: 'OPTIONS',
    headers: {
      origin: partner,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  })
  check(preflight.status === 204, `the console's preflight got ${preflight.status}`)
  check(
    preflight.headers.get('access-control-allow-origin') === partner &&
      preflight.headers.get('access-control-allow-headers')?.includes('authorization'),
    "the console's preflight does not let the site send its token",
  )
  const tokenless = await call('me', null)
  const tokenlessCode = await refusal(tokenless)
  check(
    tokenless.status === 401 && tokenlessCode === 'unauthenticated',
    `a console call without a token got ${tokenless.status} ${tokenlessCode}`,
  )
  const forged = await call('me', await staffToken('sales', { secret: 'x'.repeat(40) }))
  const forgedCode = await refusal(forged)
  check(
    forged.status === 401 && forgedCode === 'unauthenticated',
    `a token signed with another secret got ${forged.status} ${forgedCode}`,
  )

  const meReply = await callAs('sales', 'me')
  const me = (await meReply.json()) as StaffMe
  check(
    meReply.status === 200 && me.role === 'sales',
    `the salesperson's /me got ${meReply.status}: ${JSON.stringify(me)}`,
  )
  const leadsReply = await callAs('sales', 'leads')
  const page = (await leadsReply.json()) as LeadPage
  const lead = page.leads?.find((summary) => summary.id === leadId)
  check(
    leadsReply.status === 200 && lead?.lastName === sampleLead.lastName,
    `the salesperson's /leads got ${leadsReply.status} without lead ${leadId}: ${JSON.stringify(page)}`,
  )
  const marketing = await callAs('marketing', 'leads')
  const marketingText = await marketing.text()
  // The surname is in the company's name too: neither may reach marketing, in any reply.
  const leaked = [sampleLead.firstName, sampleLead.lastName].filter((name) =>
    marketingText.includes(name),
  )
  check(
    (marketing.status === 200 || marketing.status === 403) && leaked.length === 0,
    `marketing's /leads got ${marketing.status}${leaked.length ? `, with ${leaked.join(', ')}` : ''}: ${marketingText}`,
  )
  const marketingCode = marketing.status === 403 ? JSON.parse(marketingText).error?.code : 'a list'
  console.log(
    `✓ console served by Deno: preflight 204, no token 401 (${tokenlessCode}), another secret's token 401, sales /me 200 (${me.role}), sales /leads 200 with ${lead.firstName} ${lead.lastName}, marketing /leads ${marketing.status} (${marketingCode}) without a name`,
  )
}

/** Runs each to its end, so that none is left running when one fails; then fails with the first. */
async function settleAll<T extends unknown[]>(work: [...{ [K in keyof T]: Promise<T[K]> }]) {
  const results = await Promise.allSettled(work)
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) throw (failed as PromiseRejectedResult).reason
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as T
}

async function main() {
  const started = performance.now()
  const work = await scratchFolder('demo-request-deploy-')
  const closing: (() => Promise<unknown>)[] = [() => rm(work, { recursive: true, force: true })]
  try {
    // First: a mismatch is the deployer's to fix before anything is worth trying.
    const fields = await checkFields()
    const postgresBin = await findPostgresBin()
    check(
      postgresBin,
      'PostgreSQL is not installed: apt-get install postgresql-15, or set POSTGRES_BIN',
    )
    const [api, cluster] = await Promise.all([
      startManagementApiStandIn(),
      startPostgresCluster(postgresBin),
    ])
    const db = createPostgresDatabase(cluster.url)
    closing.push(
      () => api.close(),
      () => cluster.destroy(),
      () => db.close(),
    )
    const ownerUrl = await supabaseStandIn(db, cluster.url)

    // The CLI gets a home of its own, so nothing of the user's ~/.supabase is read or written,
    // and a profile that points it at the stand-in instead of api.supabase.com.
    const home = join(work, 'home')
    const profile = join(work, 'profile.json')
    await mkdir(home)
    await writeFile(
      profile,
      JSON.stringify({
        name: 'check-deploy',
        api_url: api.url,
        dashboard_url: `${api.url}/dashboard`,
        project_host: 'localhost',
      }),
    )
    const cliEnv = {
      ...systemEnv(),
      HOME: home,
      SUPABASE_ACCESS_TOKEN: `sbp_${'0'.repeat(40)}`,
      SUPABASE_NO_KEYRING: '1',
      SUPABASE_TELEMETRY_DISABLED: '1',
      DO_NOT_TRACK: '1',
    }
    const cli = (await run(supabaseBin, ['--version'], { cwd: repoRoot })).trim()
    const deno = (await run(denoBin, ['--version'], { cwd: repoRoot })).split(' (')[0]
    console.log(`check:deploy with Supabase CLI ${cli} (npm package supabase) and ${deno}`)

    // Each function's deploy and upload in turn, beside the migrations: two `deno check`s at once
    // would fill both cores, where npm test counts this check as one core's work.
    const uploaded = async (fn: EdgeFunction) => {
      const upload = await deploy(fn, api, cliEnv, profile)
      const npmPins = await checkUploadSet(fn, upload.files)
      const folder = join(work, fn.slug)
      await copyUpload(fn, upload.files, folder, npmPins)
      return folder
    }
    const [[demoFolder, consoleFolder]] = await Promise.all([
      uploaded(demoRequestFunction).then(
        async (demo): Promise<[string, string]> => [demo, await uploaded(consoleFunction)],
      ),
      pushMigrations(db, ownerUrl, cliEnv),
    ])
    const served = async (fn: EdgeFunction, folder: string, secrets: Record<string, string>) => {
      const server = await serve(fn, folder, { DATABASE_URL: ownerUrl, ...secrets })
      closing.push(() => server.stop())
      return server.url
    }
    const [demoUrl, consoleUrl] = await settleAll([
      served(demoRequestFunction, demoFolder, {
        ALLOWED_ORIGINS: partner,
        DEMO_REQUEST_FIELDS: formatFormFields(fields),
      }),
      // The site that hosts the console is the partner's origin here; the project is on the
      // legacy JWT secret, so the function needs no JWKS.
      served(consoleFunction, consoleFolder, {
        ALLOWED_ORIGINS: partner,
        AUTH_JWT_SECRET: consoleJwtSecret,
      }),
    ])
    const leadId = await postLeads(demoUrl, db, fields)
    await readAsStaff(consoleUrl, db, leadId)
    console.log(`check:deploy passed in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    for (const close of closing.reverse()) await close().catch(() => {})
  }
}

main().catch((error: Error) => {
  console.error(`✗ check:deploy failed: ${error.message}`)
  process.exitCode = 1
})
