// A day at the console, the same in every engine: the owner invites a sales person, a marketer
// and a partner; the sales person signs in with the invitation's link, finds a lead by its company,
// replies, marks it contacted, exports the filter and signs out; the owner finds each of those on
// the audit trail; the marketer and the partner, even calling the API by hand from their signed-in
// page, never receive the lead's name, email or phone. The marketer's funnel for the last 30 days
// shows what `npm run insights -- --days 30 --csv` prints; the partner's shows its own source, and
// asking the API for another source by hand gets no rows. Served by `npm start`'s own server,
// whose Supabase Auth stand-in prints each email's link and code (server/local-auth/terminal-mailer.ts).
import { execFile } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect } from 'vitest'
import {
  consoleFunctionName,
  type FunnelReport,
  type LeadPage,
  type StaffRole,
} from '#core/console-api.ts'
import { askDataDirHolder } from '../../server/data-dir-lock.ts'
import { consoleCopy as copy } from '../../site/console/console-copy.ts'
import { dayOf } from '../../site/console/console-dates.ts'
import { consoleSessionKey } from '../../site/console/sign-in/console-supabase.ts'
import { funnelRows } from '../e2e/leads.ts'
import { scratchFolder } from './scratch-folder.ts'
import { serverEntry } from './server-entries.ts'
import { openStaffPage, type StaffPage } from './staff-browser.ts'
import { startLocalServer } from './start-local-server.ts'
import { waitUntil } from './wait-until.ts'

/** The local server, as tests start it, with everything it printed. */
export interface ConsoleServer {
  url: string
  output(): string
  /** Its embedded database's folder, for `npm run console:link`. */
  dataDir: string
}

const run = promisify(execFile)

/**
 * The local server as `npm start` runs it, on an embedded database of its own, for a day at the
 * console; `stop` ends it and deletes the database.
 */
export async function startConsoleServer(): Promise<ConsoleServer & { stop(): Promise<void> }> {
  const tempDir = await scratchFolder('console-day-')
  const dataDir = join(tempDir, 'pglite')
  const server = await startLocalServer({
    PGLITE_DATA_DIR: dataDir,
    DATABASE_URL: '',
    RESEND_API_KEY: '',
    NOTIFY_WEBHOOK_URL: '',
    // Leads with an email to reply to, and a phone the roles without personal data must not see.
    DEMO_REQUEST_FIELDS: 'email,phone?',
  })
  return {
    url: server.url,
    output: server.output,
    dataDir,
    async stop() {
      await server.stop()
      await rm(tempDir, { recursive: true, force: true })
    },
  }
}
const root = fileURLToPath(new URL('../..', import.meta.url))

/** Each sign-in email the local auth printed: to whom, its link and its code, oldest first. */
function printedMails(output: string) {
  const printed = /(?:Sign-in link|Invitation) for (\S+) \([^)]*\): (\S+)\n\s+or the code (\d{6})/g
  return [...output.matchAll(printed)].map(([, email = '', link = '', code = '']) => ({
    email,
    link,
    code,
  }))
}

/** The token hash of a sign-in link, as Supabase Auth's links carry it. */
const tokenHash = (link: string) => new URL(link).searchParams.get('token_hash') ?? ''

/** A fresh one-time link for the owner, as `npm run console:link` prints it. */
export async function ownerLink(server: ConsoleServer): Promise<string> {
  const { stdout } = await run(process.execPath, await serverEntry('server/console-link.ts'), {
    cwd: root,
    env: { ...process.env, PGLITE_DATA_DIR: server.dataDir, DATABASE_URL: '' },
  })
  return linkIn(stdout)
}

function linkIn(printed: string): string {
  const link = /(http\S+\/console\?token_hash=\S+)/.exec(printed)?.[1]
  if (!link) throw new Error(`npm run console:link printed no link: ${printed}`)
  return link
}

/**
 * The same link, asked of the server holding the data as the command asks it (runCommand in
 * server/database.ts), from this process: for the days, which need one twice each, where a node
 * and tsx of the command's own cost about 1.5 s of a core. `ownerLink` runs the command itself.
 */
async function ownerLinkAsked(server: ConsoleServer): Promise<string> {
  const answer = await askDataDirHolder(server.dataDir, 'console-link', {})
  if (!answer) throw new Error(`npm run console:link: no server holds ${server.dataDir}`)
  if (answer.exitCode !== 0) throw new Error(`npm run console:link failed: ${answer.output}`)
  return linkIn(answer.output)
}

/** An access token for the owner, signed in by hand with `link` through Auth's protocol. */
export async function ownerToken(server: ConsoleServer, link: string): Promise<string> {
  const reply = await fetch(new URL('/auth/v1/verify', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'magiclink', token_hash: tokenHash(link) }),
  })
  expect(reply.status, await reply.clone().text()).toBe(200)
  return ((await reply.json()) as { access_token: string }).access_token
}

/** A call of the console's API as the person whose token it is. */
export function consoleCall(
  server: ConsoleServer,
  token: string,
  route: string,
  init?: RequestInit,
) {
  return fetch(new URL(`/functions/v1/${consoleFunctionName}/${route}`, server.url), {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...init?.headers,
    },
  })
}

/** Signs someone in at the console's page with the link their email carried. */
async function signInWithLink(page: StaffPage, link: string) {
  await page.open(link)
  await page.waitForText(copy.signOut)
}

/** The link of the invitation `email` got. */
const invitationOf = async (server: ConsoleServer, email: string) =>
  (
    await waitUntil(() => printedMails(server.output()).find((mail) => mail.email === email), {
      what: `an invitation for ${email}`,
    })
  ).link

/** Everyone the scenario needs, invited by the owner through the API, for one engine. */
async function inviteStaff(server: ConsoleServer, engine: string) {
  const owner = await ownerToken(server, await ownerLinkAsked(server))
  const people: Record<Exclude<StaffRole, 'owner'>, string> = {
    sales: `sales-${engine}@firm.example`,
    marketing: `marketing-${engine}@firm.example`,
    partner: `partner-${engine}@firm.example`,
  }
  for (const [role, email] of Object.entries(people)) {
    const reply = await consoleCall(server, owner, 'staff', {
      method: 'POST',
      body: JSON.stringify({
        email,
        role,
        sources: role === 'partner' ? [`partner-${engine}`] : [],
      }),
    })
    expect(reply.status, await reply.clone().text()).toBeLessThan(300)
  }
  return { owner, people }
}

/** The campaign the partner's page was opened from: its view is counted under it. */
const campaign = { utmSource: 'newsletter', utmCampaign: 'spring-2027' }

/** Another partner's source, which the engine's partner must never see. */
const rivalSource = (engine: string) => `partner-rival-${engine}`

const dayMs = 24 * 60 * 60 * 1000
/** The last 30 days up to today's (UTC, the local server's SALES_TIME_ZONE), as the API takes them. */
const lastMonth = {
  get from() {
    return new Date(Date.now() - 29 * dayMs).toISOString().slice(0, 10)
  },
  get to() {
    return new Date().toISOString().slice(0, 10)
  },
}

/** The lead the sales person looks for: its own company and contact details per engine. */
function engineLead(engine: string) {
  return {
    firstName: 'Grace',
    lastName: `Hopper-${engine}`,
    companyName: `Cobol & Sons ${engine} LLP`,
    companySize: '6-50 employees',
    email: `grace-${engine}@navy.example`,
    phone: '+1 202 555 0142',
    source: `partner-${engine}`,
  }
}

/** Sends the engine's lead through the function, as the form posts it. */
async function sendLead(server: ConsoleServer, lead: ReturnType<typeof engineLead>) {
  const reply = await fetch(new URL('/functions/v1/send-demo-request', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(server.url).origin },
    body: JSON.stringify(lead),
  })
  expect(reply.status, await reply.clone().text()).toBe(200)
}

/**
 * A page view of `source`'s partner page, as its form's beacon reports it: shown and started. The
 * funnel's views and starts come only from such batches.
 */
async function sendViewAndStart(server: ConsoleServer, source: string, campaign = {}) {
  const reply = await fetch(new URL('/functions/v1/send-demo-request/events', server.url), {
    method: 'POST',
    headers: { 'content-type': 'text/plain', origin: new URL(server.url).origin },
    body: JSON.stringify({
      source,
      ...campaign,
      page: new URL(`/${source}/contact`, server.url).href,
      events: [{ event: 'shown' }, { event: 'started' }],
    }),
  })
  expect(reply.status, await reply.clone().text()).toBe(204)
}

const stepNames = ['views', 'starts', 'sent', 'booked'] as const

// Run in the page: the funnel's four figures as shown, once the report is drawn; null before.
function shownSteps(names: readonly string[]) {
  const figures = names.map(
    (step) =>
      document.querySelector(`.funnel-step[data-step="${step}"] .funnel-step__n`)?.textContent,
  )
  if (figures.some((figure) => figure == null)) return null
  return Object.fromEntries(
    names.map((step, index) => [step, Number((figures[index] ?? '').replace(/\D/g, ''))]),
  )
}

// Run in the page: the `mailto:` address of the link reading `name`.
function linkAddress(name: string) {
  const link = [...document.querySelectorAll('a')].find(
    (node) => (node.textContent ?? '').trim() === name,
  )
  return link?.href ?? null
}

// Run in the page: whether the console's session entry, or any supabase-js keeps by default
// (`sb-…-auth-token`), is left in localStorage.
const sessionKept = (key: string) =>
  Object.keys(localStorage).some((name) => name === key || name.includes('auth-token'))

/** The sales person's round, in `page`, ending signed out. */
async function salesRound(
  page: StaffPage,
  server: ConsoleServer,
  email: string,
  lead: ReturnType<typeof engineLead>,
) {
  await signInWithLink(page, await invitationOf(server, email))
  await page.fill(copy.leads.search, lead.companyName)
  await page.press(copy.leads.apply)
  await page.press(`${lead.firstName} ${lead.lastName}`)
  await page.waitForText(copy.lead.history)
  const reply = await page.evaluate(linkAddress, copy.lead.reply)
  expect(reply).toMatch(
    new RegExp(`^mailto:${encodeURIComponent(lead.email).replace('%40', '(@|%40)')}`),
  )
  await page.choose(copy.lead.status, copy.statuses.contacted)
  await page.press(copy.lead.saveStatus)
  await page.waitForText(`${copy.history.status_change}`)
  await page.press(copy.lead.back)
  await page.press(copy.leads.export)
  // Saved before signing out: the export's audit entry is what the owner looks for. (The page
  // and this process share the machine's clock and time zone, so the file's day.)
  await page.waitForText(copy.leads.exported(`leads-${dayOf(new Date())}.csv`))
  await page.press(copy.signOut)
  await page.waitForText(copy.signIn.heading)
  expect(await page.evaluate(sessionKept, consoleSessionKey)).toBe(false)
}

// Run in the page: every route of the console's API called by hand with the page's own session,
// each reply's status and body.
async function everyRouteByHand({ key, routes }: { key: string; routes: string[] }) {
  const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }
  if (!session.access_token) throw new Error(`no session is kept under ${key}`)
  return Promise.all(
    routes.map(async (route) => {
      const reply = await fetch(`/functions/v1/console/${route}`, {
        headers: { authorization: `Bearer ${session.access_token ?? ''}` },
      })
      return { route, status: reply.status, body: await reply.text() }
    }),
  )
}

// Run in the page: the text of each row of the page's tables.
// biome-ignore lint/performance/useDomNodeTextContent: the cells as a person reads them
const tableRows = () => [...document.querySelectorAll('tr')].map((row) => row.innerText)

/** What a role without personal data got from its page and from every route called by hand. */
async function withoutPersonalData(
  page: StaffPage,
  server: ConsoleServer,
  email: string,
  lead: ReturnType<typeof engineLead> & { id: string },
  engineName: string,
) {
  await signInWithLink(page, await invitationOf(server, email))
  // The funnel, the last 30 days unless asked otherwise, is the one view these roles have.
  await page.waitForText(copy.funnel.filters)
  const steps = await waitUntil(() => page.evaluate(shownSteps, stepNames), {
    what: "the funnel's figures",
  })
  const shown = await page.text()
  const campaignRows = (await page.evaluate(tableRows, undefined)).filter((row) =>
    row.includes(campaign.utmSource),
  )
  const routes = [
    'me',
    'leads',
    `leads/${lead.id}`,
    `leads.csv?q=${encodeURIComponent(lead.companyName)}`,
    'audit',
    'staff',
    'counts',
    `funnel?from=${lastMonth.from}&to=${lastMonth.to}`,
    `funnel.csv?from=${lastMonth.from}&to=${lastMonth.to}`,
    `funnel?from=${lastMonth.from}&to=${lastMonth.to}&source=${rivalSource(engineName)}`,
  ]
  const replies = await page.evaluate(everyRouteByHand, { key: consoleSessionKey, routes })
  const personal = [lead.firstName, lead.lastName, lead.email, lead.phone, lead.companyName]
  for (const text of [shown, ...replies.map((reply) => reply.body)]) {
    for (const value of personal) expect(text).not.toContain(value)
  }
  return { replies, steps, shown, campaignRows }
}

/** The owner's audit trail, as the page shows it: what `email` did, in the trail's words. */
async function auditedActs(page: StaffPage, server: ConsoleServer, email: string) {
  await signInWithLink(page, await ownerLinkAsked(server))
  await page.press(copy.views.audit)
  await page.waitForText(email)
  const rows = await page.evaluate(tableRows, undefined)
  return Object.entries(copy.audit.actions)
    .filter(([, words]) => rows.some((row) => row.includes(email) && row.includes(words)))
    .map(([action]) => action)
}

/**
 * A limit for a hang only, for a test that runs the whole day: on a loaded machine (a fresh-clone
 * run beside another) Chromium's day went past Vitest's 30 s, and Firefox's past 60 s.
 */
export const consoleDayLimit = 180_000

/**
 * The whole day in `open`'s engine, on `server`: one person at a time, as WebKit's driver
 * allows one session only.
 */
export async function consoleDay(
  engine: Parameters<typeof openStaffPage>[0],
  server: ConsoleServer,
) {
  const { owner, people } = await inviteStaff(server, engine.name)
  const lead = engineLead(engine.name)
  await sendLead(server, lead)
  const found = await consoleCall(server, owner, `leads?q=${encodeURIComponent(lead.companyName)}`)
  const [stored] = ((await found.json()) as LeadPage).leads
  expect(stored?.companyName).toBe(lead.companyName)

  const inPage = async <T>(act: (page: StaffPage) => Promise<T>) => {
    const page = await openStaffPage(engine)
    try {
      return await act(page)
    } finally {
      await page.close()
    }
  }
  await inPage((page) => salesRound(page, server, people.sales, lead))
  const acts = await inPage((page) => auditedActs(page, server, people.sales))
  expect(acts).toEqual(
    expect.arrayContaining(['sign_in', 'list_leads', 'view_lead', 'status_change', 'export']),
  )

  // Views and starts on the partner's page and on a rival's, and a lead from the rival's.
  await sendViewAndStart(server, lead.source, campaign)
  await sendViewAndStart(server, rivalSource(engine.name))
  await sendLead(server, {
    ...lead,
    email: `rival-${engine.name}@firm.example`,
    source: rivalSource(engine.name),
  })

  const seen: Record<string, Awaited<ReturnType<typeof withoutPersonalData>>> = {}
  for (const email of [people.marketing, people.partner]) {
    seen[email] = await inPage((page) =>
      withoutPersonalData(page, server, email, { ...lead, id: stored?.id ?? '' }, engine.name),
    )
    // Signed in (the calls carry the page's own token), and refused what the role may not read.
    const statuses = Object.fromEntries(
      seen[email].replies.map(({ route, status }) => [route.replace(/[/?].*$/, ''), status]),
    )
    expect(statuses).toMatchObject({ me: 200, leads: 403, audit: 403, staff: 403, funnel: 200 })
    for (const reply of seen[email].replies) expect(reply.status, reply.route).toBeLessThan(500)
  }

  // The marketer's last 30 days are the numbers `npm run insights -- --days 30 --csv` prints.
  const insights = await funnelRows(null, server.dataDir)
  const sum = (step: string) => insights.reduce((total, row) => total + Number(row[step]), 0)
  const marketing = seen[people.marketing]
  expect(marketing?.steps).toEqual(Object.fromEntries(stepNames.map((step) => [step, sum(step)])))
  expect(marketing?.steps?.views).toBeGreaterThanOrEqual(2)
  expect(marketing?.steps?.sent).toBeGreaterThanOrEqual(2)
  expect(marketing?.shown).toContain(rivalSource(engine.name))
  // Its per-campaign table names the campaign the partner's page was opened from.
  expect(marketing?.campaignRows.some((row) => row.includes(campaign.utmCampaign))).toBe(true)

  // The partner sees its own source's funnel only, and asking for the rival's gets no rows.
  const partner = seen[people.partner]
  const own = insights.filter((row) => row.source === lead.source)
  expect(partner?.steps).toEqual(
    Object.fromEntries(
      stepNames.map((step) => [step, own.reduce((total, row) => total + Number(row[step]), 0)]),
    ),
  )
  expect(partner?.shown).toContain(lead.source)
  expect(partner?.shown).not.toContain(rivalSource(engine.name))
  const asked = partner?.replies.find((reply) => reply.route.endsWith(rivalSource(engine.name)))
  expect(asked?.status).toBe(200)
  const rival = JSON.parse(asked?.body ?? '{}') as FunnelReport
  expect([rival.bySource, rival.byPage, rival.byCampaign, rival.sources]).toEqual([[], [], [], []])
  expect(Object.values(rival.totals).every((n) => n === 0)).toBe(true)
}
