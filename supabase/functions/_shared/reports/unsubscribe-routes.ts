import { Hono } from 'hono'
import { escapeHtml } from '#core/escape-html.ts'
import type { FunctionEnv } from '../http/function-env.ts'
import { methodNotAllowed } from '../http/method-not-allowed.ts'
import { reportCopy } from './report-copy.ts'
import type { ReportStore } from './report-store.ts'

// The token's shape (report_claim_due): anything else is not asked of the database.
const tokenShape = /^[0-9a-f]{64}$/

const words = reportCopy.unsubscribePage

// A small page of its own: no script, no style fetched, nothing for a search engine, and the
// token in its address sent nowhere else.
function page(status: number, body: string): Response {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(words.title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5">${body}</body></html>`
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
      'referrer-policy': 'no-referrer',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    },
  })
}

const said = (text: string, heading: string = words.title) =>
  `<h1 style="font-size:1.4rem">${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>`

/**
 * `…/send-demo-request/unsubscribe?token=…`, the address in each report's List-Unsubscribe header
 * and footer link. A POST unsubscribes at once, as RFC 8058 has a mail provider's one-click
 * button do (its body `List-Unsubscribe=One-Click` is not needed to act); a GET, which link
 * scanners make too, only asks, with a button that POSTs. No sign-in: the token alone, which
 * names one person, and only its hash is kept.
 */
export function unsubscribeRoutes({ reports }: { reports: ReportStore }): Hono<FunctionEnv> {
  const app = new Hono<FunctionEnv>()
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? ''
  app.get('/', (c) => {
    const token = tokenOf(c.req.url)
    if (!tokenShape.test(token)) return page(404, said(words.unknown))
    return page(
      200,
      `${said(words.askIntro, words.ask)}<form method="post" action="?token=${token}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font-size:1rem;padding:.5rem 1rem">${escapeHtml(words.confirm)}</button></form>`,
    )
  })
  app.post('/', async (c) => {
    await c.req.raw.body?.cancel()
    const token = tokenOf(c.req.url)
    const known = tokenShape.test(token) && (await reports.unsubscribe(token))
    return known ? page(200, said(words.done)) : page(404, said(words.unknown))
  })
  app.all('/', methodNotAllowed('GET, POST', 'Unsubscribe with POST.'))
  return app
}
