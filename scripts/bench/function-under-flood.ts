// The function as Supabase runs it, for the bot-defence bench: the real Deno entry on a real
// PostgreSQL, sales' email API and webhook as a recording stand-in, and a partner page that
// embeds the widget from the build. Clients are told apart by a header, as behind Supabase's
// edge, so a script can be a new client on every request.
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { formCopy } from '#core/form-copy.ts'
import { startDenoEntry } from '../../tests/support/deno-function.ts'
import { startEmailApiStandIn } from '../../tests/support/email-api-stand-in.ts'
import { freePort } from '../../tests/support/free-port.ts'
import { sampleSubmission } from '../../tests/support/sample-lead.ts'
import { fillSampleLead } from '../../tests/support/sample-lead-form.ts'
import type { ServerProcess } from '../../tests/support/start-server-process.ts'
import { openTestPostgres, type TestDatabase } from '../../tests/support/test-database.ts'
import { rotatingAddress } from './client-addresses.ts'
import { widgetPage } from './partner-pages.ts'
import { type StaticServer, startStaticServer } from './static-server.ts'

export const clientIpHeader = 'x-bench-client-ip'
// The project's key is public, on every partner page: a script sends it as the widget does.
export const apiKey = 'bench-anon-key'
const retrySecret = 'bench-retry-secret-bench-retry-secret'

/** What sales received: one message per lead or one digest per window, per channel. */
interface Received {
  leadEmails: number
  leadWebhooks: number
  digestEmails: number
  digestWebhooks: number
}

/** A visitor's send through the widget: the function's answer and the wait after the click. */
interface VisitorSend {
  status: number
  clickToToastMs: number
}

export interface FunctionUnderFlood {
  /** The function's URL, for scripts. */
  url: string
  db: TestDatabase
  /** Serves the function with these settings over the defaults, on an emptied database. */
  restart(env: Record<string, string>): Promise<void>
  /** One POST of the sample lead from the `n`th rotating address, with `proof` if given. */
  post(n: number, proof?: string): Promise<number>
  /** A visitor types for `typingMs` on the partner page, then sends the form. */
  visit(browser: Browser, companyName: string, typingMs: number): Promise<VisitorSend>
  /** Runs the scheduled job's retry run once. */
  retry(): Promise<unknown>
  received(): Received
  stop(): Promise<void>
}

export async function startFunctionUnderFlood(root: string): Promise<FunctionUnderFlood> {
  const [db, sales] = await Promise.all([openTestPostgres(), startEmailApiStandIn()])
  let entry: ServerProcess | null = null
  let page: StaticServer | null = null

  async function restart(env: Record<string, string>) {
    await Promise.all([entry?.stop(), page?.close()])
    await db.reset()
    sales.reset()
    // The page's origin must be known before the function starts, to allow it.
    const port = await freePort()
    const pageOrigin = `http://127.0.0.1:${port}`
    entry = await startDenoEntry(
      {
        SUPABASE_DB_URL: db.cluster?.url,
        SUPABASE_ANON_KEY: apiKey,
        ALLOWED_ORIGINS: pageOrigin,
        CLIENT_IP_HEADER: clientIpHeader,
        RESEND_API_KEY: 're_bench',
        NOTIFY_EMAIL_TO: 'sales@example.com',
        RESEND_API_URL: sales.url,
        NOTIFY_WEBHOOK_URL: sales.webhookUrl,
        NOTIFY_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        NOTIFY_RETRY_SECRET: retrySecret,
        ...env,
      },
      { method: 'OPTIONS' },
    )
    page = await startStaticServer(
      join(root, 'dist'),
      { '/partner': widgetPage('/widget/demo-request.js', entry.url) },
      port,
    )
  }

  const functionUrl = () => {
    if (entry === null) throw new Error('Call restart() first')
    return entry.url
  }

  return {
    get url() {
      return functionUrl()
    },
    db,
    restart,

    async post(n, proof) {
      const response = await fetch(functionUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          apikey: apiKey,
          [clientIpHeader]: rotatingAddress(n),
          ...(proof && { 'proof-of-work': proof }),
        },
        body: JSON.stringify({ ...sampleSubmission, companyName: `Flood ${n}` }),
      })
      await response.body?.cancel()
      return response.status
    },

    async visit(browser, companyName, typingMs) {
      const tab = await browser.newPage()
      try {
        await tab.goto(`${page?.url}/partner`, { waitUntil: 'networkidle' })
        await fillSampleLead(tab, companyName, { typingMs })
        const answer = tab.waitForResponse(
          // The widget posts to <supabase-url>/functions/v1/send-demo-request.
          (response) =>
            response.url().startsWith(functionUrl()) && response.request().method() === 'POST',
          { timeout: 120_000 },
        )
        const clicked = performance.now()
        await tab.getByRole('button', { name: formCopy.submit, exact: true }).click()
        const status = (await answer).status()
        if (status === 200) await tab.getByText(formCopy.success.title).waitFor()
        return { status, clickToToastMs: Math.round(performance.now() - clicked) }
      } finally {
        await tab.close()
      }
    },

    retry: () =>
      fetch(`${functionUrl()}/retry`, {
        method: 'POST',
        headers: { 'x-notify-retry-secret': retrySecret },
      }).then((response) => response.json()),

    received() {
      const of = (path: string, digest: boolean) =>
        sales.received.filter(
          (request) =>
            request.path === path &&
            (path === '/emails'
              ? String(request.body.subject).startsWith('Demo requests:')
              : request.body.type === 'demo_request.held_digest') === digest,
        ).length
      return {
        leadEmails: of('/emails', false),
        leadWebhooks: of('/webhook', false),
        digestEmails: of('/emails', true),
        digestWebhooks: of('/webhook', true),
      }
    },

    async stop() {
      await Promise.all([entry?.stop(), page?.close()])
      await Promise.all([db.close(), sales.close()])
    },
  }
}
