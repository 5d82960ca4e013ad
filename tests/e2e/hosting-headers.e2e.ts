// The built site served with the headers docs/deploy.md tells a host to send
// (scripts/hosting-headers.js): every page renders, and posts its form, without a CSP violation.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { NodeHttp1Handler } from 'srvx'
import { toNodeHandler } from 'srvx/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostingHeaders } from '../../scripts/hosting-headers.ts'
import { createStaticFiles } from '../../server/static-files.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { sendSampleLead } from '../support/sample-lead-form.ts'

const dist = fileURLToPath(new URL('../../dist/', import.meta.url))

// `_headers` rules: a path pattern, then its indented `Name: value` lines.
function parseHeaders(text: string) {
  const rules: { pattern: string; headers: [string, string][] }[] = []
  for (const line of text.split('\n')) {
    if (/^\S/.test(line)) rules.push({ pattern: line.trim(), headers: [] })
    else if (line.trim()) {
      const [name = '', ...value] = line.trim().split(': ')
      rules.at(-1)?.headers.push([name, value.join(': ')])
    }
  }
  return (path: string) =>
    rules
      .filter(({ pattern }) => path.startsWith(pattern.replace(/\*$/, '')))
      .flatMap(({ headers }) => headers)
}

let server: Server
let origin: string
const rules = parseHeaders(hostingHeaders(`${dist}site`, undefined))

beforeAll(async () => {
  const files = createStaticFiles(dist)
  const serve = toNodeHandler(async (request: Request) => {
    // The form posts to this origin's function path; answering it keeps the post in view.
    const reply = new URL(request.url).pathname.startsWith('/functions/')
      ? Response.json({ success: true, requestId: 'hosted' })
      : await files(request)
    const headers = new Headers(reply.headers)
    for (const [name, value] of rules(new URL(request.url).pathname)) headers.set(name, value)
    // Buffered, not its stream re-wrapped: when Chromium drops a request mid-file, Node 20's
    // fetch closes the wrapped stream twice and throws outside any test (a fresh-clone run).
    const bodiless = request.method === 'HEAD' || [204, 304].includes(reply.status)
    const body = bodiless ? null : await reply.arrayBuffer()
    return new Response(body, { status: reply.status, headers })
  }) as NodeHttp1Handler
  server = createServer((request, response) => serve(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
})

// Declared after the servers' hooks, so it closes before them (afterAll runs last-first).
const browser = chromiumForFile()

// A page that records each CSP violation it meets.
async function openWatchedPage(path: string) {
  const page = await browser.newPage()
  const violations: string[] = []
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    ),
  )
  const response = await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' })
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'")
  return { page, violations }
}

describe('the site under the hosting headers', () => {
  it.each(['/', '/request-demo', '/console', '/no-such-page'])(
    '%s renders with no CSP violation',
    async (path) => {
      const { page, violations } = await openWatchedPage(path)
      await page.close()
      expect(violations).toEqual([])
    },
  )

  it('posts the form with no CSP violation', async () => {
    const { page, violations } = await openWatchedPage('/request-demo')
    await sendSampleLead(page)
    await page.close()
    expect(violations).toEqual([])
  })

  it('serves hashed assets and the full widget as immutable, the named widget files briefly cached', async () => {
    const html = await (await fetch(origin)).text()
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect((await fetch(`${origin}${asset}`)).headers.get('cache-control')).toContain('immutable')
    for (const file of ['demo-request.js', 'demo-request-loader.js']) {
      const widget = await fetch(`${origin}/widget/${file}`)
      expect(widget.status).toBe(200)
      expect(widget.headers.get('cache-control')).toContain('max-age=300')
    }
    const loader = await (await fetch(`${origin}/widget/demo-request-loader.js`)).text()
    const full = /demo-request-full-[0-9a-f]+\.js/.exec(loader)?.[0]
    const fullWidget = await fetch(`${origin}/widget/${full}`)
    expect(fullWidget.status).toBe(200)
    expect(fullWidget.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('tells search engines not to index the console', async () => {
    const reply = await fetch(`${origin}/console`)
    expect(reply.status).toBe(200)
    expect(reply.headers.get('x-robots-tag')).toBe('noindex')
    expect(await reply.text()).toContain('<meta name="robots" content="noindex" />')
  })

  it('sets Cache-Control by one rule per widget path, as hosts join repeated headers', () => {
    for (const file of [
      'demo-request.js',
      'demo-request-loader.js',
      'demo-request-full-0a.js',
      'demo-request-copy-es-0a.js',
      'demo-request-module-es-0a.js',
    ]) {
      const names = rules(`/widget/${file}`).map(([name]) => name)
      expect(names.filter((name) => name === 'Cache-Control')).toHaveLength(1)
    }
  })
})
