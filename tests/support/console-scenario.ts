// A day at the console, the same in every engine: the owner invites a sales person, a marketer
// and a partner; the sales person signs in with the emailed code, finds a lead by its company,
// replies, marks it contacted, exports the filter and signs out; the owner finds each of those on
// the audit trail; the marketer and the partner, even calling the API by hand from their signed-in
// page, never receive the lead's name, email or phone. Served by `npm start`'s own server, whose
// Supabase Auth stand-in prints each email's link and code (server/local-auth/terminal-mailer.ts).
import { expect } from 'vitest'
import { consoleFunctionName, type StaffRole } from '#core/console-api.ts'
import { consoleCopy as copy } from '../../site/console/console-copy.ts'
import type { StaffPage } from './staff-browser.ts'
import { waitUntil } from './wait-until.ts'

/** The local server, as tests start it, with everything it printed. */
export interface ConsoleServer {
  url: string
  output(): string
}

const ownerEmail = 'owner@localhost'

/** Each sign-in email the local auth printed: to whom, its link and its code, oldest first. */
export function printedMails(output: string) {
  const printed = /(?:Sign-in link|Invitation) for (\S+) \([^)]*\): (\S+)\n\s+or the code (\d{6})/g
  return [...output.matchAll(printed)].map(([, email = '', link = '', code = '']) => ({
    email,
    link,
    code,
  }))
}

const mailsTo = (server: ConsoleServer, email: string) =>
  printedMails(server.output()).filter((mail) => mail.email === email)

/** The code of the next email `email` gets, once `send` has asked for it. */
async function nextCode(server: ConsoleServer, email: string, send: () => Promise<unknown>) {
  const before = mailsTo(server, email).length
  await send()
  const mail = await waitUntil(() => mailsTo(server, email)[before], {
    timeoutMs: 15_000,
    what: `a sign-in email for ${email}`,
  })
  return mail.code
}

/** An access token for `email`, signed in by hand through Supabase Auth's protocol. */
export async function signedInToken(server: ConsoleServer, email: string): Promise<string> {
  const auth = (path: string, body: unknown) =>
    fetch(new URL(`/auth/v1/${path}`, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const code = await nextCode(server, email, () => auth('otp', { email, create_user: false }))
  const reply = await auth('verify', { type: 'email', email, token: code })
  expect(reply.status).toBe(200)
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

/** Signs `email` in at the console's page with the code their email carries. */
export async function signInAt(page: StaffPage, server: ConsoleServer, email: string) {
  await page.open(new URL('/console', server.url).href)
  await page.fill(copy.signIn.email, email)
  const code = await nextCode(server, email, () => page.press(copy.signIn.send))
  await page.fill(copy.signIn.code, code)
  await page.press(copy.signIn.verify)
  await page.waitForText(copy.signOut)
}

/** Everyone the scenario needs, invited by the owner through the API, for one engine. */
export async function inviteStaff(server: ConsoleServer, engine: string) {
  const owner = await signedInToken(server, ownerEmail)
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

/** The lead the sales person looks for: its own company and contact details per engine. */
export function engineLead(engine: string) {
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
export async function sendLead(server: ConsoleServer, lead: ReturnType<typeof engineLead>) {
  const reply = await fetch(new URL('/functions/v1/send-demo-request', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(server.url).origin },
    body: JSON.stringify(lead),
  })
  expect(reply.status, await reply.clone().text()).toBe(200)
}

// Run in the page: the `mailto:` address of the link reading `name`.
function linkAddress(name: string) {
  const link = [...document.querySelectorAll('a')].find(
    (node) => (node.textContent ?? '').trim() === name,
  )
  return link?.href ?? null
}

// Run in the page: whether any key supabase-js keeps a session under is left in localStorage.
const sessionKept = () => Object.keys(localStorage).some((key) => key.includes('auth-token'))

/** The sales person's round, in `page`, ending signed out. */
export async function salesRound(
  page: StaffPage,
  server: ConsoleServer,
  email: string,
  lead: ReturnType<typeof engineLead>,
) {
  await signInAt(page, server, email)
  await page.fill(copy.leads.search, lead.companyName)
  await page.press(copy.leads.apply)
  await page.press(copy.leads.open(`${lead.firstName} ${lead.lastName}`))
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
  await page.waitForText(copy.leads.export)
  await page.press(copy.signOut)
  await page.waitForText(copy.signIn.heading)
  expect(await page.evaluate(sessionKept, undefined)).toBe(false)
}

// Run in the page: every route of the console's API called by hand with the page's own session,
// each reply's status and body.
async function everyRouteByHand(routes: string[]) {
  const key = Object.keys(localStorage).find((name) => name.includes('auth-token'))
  const session = JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }
  return Promise.all(
    routes.map(async (route) => {
      const reply = await fetch(`/functions/v1/console/${route}`, {
        headers: { authorization: `Bearer ${session.access_token ?? ''}` },
      })
      return { route, status: reply.status, body: await reply.text() }
    }),
  )
}

/** What a role without personal data got from its page and from every route called by hand. */
export async function withoutPersonalData(
  page: StaffPage,
  server: ConsoleServer,
  email: string,
  lead: ReturnType<typeof engineLead> & { id: string },
) {
  await signInAt(page, server, email)
  await page.waitForText(copy.counts.source)
  const shown = await page.text()
  const replies = await page.evaluate(everyRouteByHand, [
    'me',
    'leads',
    `leads/${lead.id}`,
    `leads.csv?q=${encodeURIComponent(lead.companyName)}`,
    'audit',
    'staff',
    'counts',
  ])
  const personal = [lead.firstName, lead.lastName, lead.email, lead.phone, lead.companyName]
  for (const text of [shown, ...replies.map((reply) => reply.body)]) {
    for (const value of personal) expect(text).not.toContain(value)
  }
  return replies
}
