// A page's beacon, a lead and its signed booking, through `npm start` as the function serves
// them, then `npm run insights` as sales run it: the CSV shows exactly those counts for that
// source and page, and `--html` writes one page that opens offline.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { calWebhookBody, signCalWebhook } from '../support/booking-webhooks.ts'
import { type CalBookingServer, startCalBookingServer } from '../support/cal-booking-server.ts'
import { sampleSubmission } from '../support/sample-lead.ts'
import { serverEntry } from '../support/server-entries.ts'
import type { ServerProcess } from '../support/start-server-process.ts'

const root = new URL('../../', import.meta.url).pathname
const secret = 'insights-command-cal-secret'
const source = 'partner-insights'

let booking: CalBookingServer
let server: ServerProcess
let dataDir: string
let tempDir: string

beforeAll(async () => {
  booking = await startCalBookingServer('insights-command', secret)
  ;({ server, dataDir, tempDir } = booking)
}, 120_000)

afterAll(() => booking?.stop())

/** What `npm run insights` prints with `args`, beside the running server. */
async function insights(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...(await serverEntry('server/insights.ts')), ...args],
    { cwd: root, env: { ...process.env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '' } },
  )
  return stdout
}

it('counts a visit, a send and a booking, and npm run insights shows them', async () => {
  // The site's own pages may always post: the page is on the server's origin.
  const origin = new URL(server.url).origin
  const page = `${origin}/request-demo`
  const url = (path: string) => new URL(`functions/v1/send-demo-request${path}`, server.url)

  // A visitor who left First Name empty and closed the page, as a beacon sends it.
  const left = await fetch(url('/events'), {
    method: 'POST',
    headers: { origin, 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({
      source,
      page: `${page}?utm_source=news`,
      events: [
        { event: 'shown' },
        { event: 'started' },
        { event: 'field-empty', field: 'firstName' },
      ],
    }),
  })
  expect(left.status).toBe(204)

  // A visitor who sent and booked.
  const sent = await fetch(url('/events'), {
    method: 'POST',
    headers: { origin, 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ source, page, events: [{ event: 'shown' }, { event: 'started' }] }),
  })
  expect(sent.status).toBe(204)
  const lead = await fetch(url(''), {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ ...sampleSubmission, source, pageUrl: `${page}#form` }),
  })
  const { requestId } = (await lead.json()) as { requestId: string }
  expect(lead.status).toBe(200)
  const body = calWebhookBody({
    trigger: 'BOOKING_CREATED',
    uid: `insights-${requestId}`,
    requestId,
    startTime: '2027-01-05T15:00:00.000Z',
    createdAt: new Date().toISOString(),
  })
  const booked = await fetch(url('/booking/cal'), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-cal-signature-256': signCalWebhook(body, secret),
    },
    body,
  })
  expect(booked.status).toBe(200)

  // Each asks the server holding the folder, so the three run at once.
  const file = join(tempDir, 'insights.html')
  const [csv, table] = await Promise.all([
    insights(['--csv', '--source', source]),
    insights(['--days', '1']),
    insights(['--html', file]),
  ])
  const [header, ...rows] = csv.trim().split('\r\n')
  expect(header).toMatch(/^source,page,views,starts,sent,booked,met,no_show,host_absent,/)
  expect(rows).toHaveLength(1)
  const columns = header?.split(',') ?? []
  const row = Object.fromEntries(rows[0]?.split(',').map((cell, i) => [columns[i], cell]) ?? [])
  expect(row).toMatchObject({ source, page, views: '2', starts: '2', sent: '1', booked: '1' })
  // The meeting is to come: neither met nor missed yet.
  expect(row).toMatchObject({ met: '0', no_show: '0', host_absent: '0' })
  expect(row).toMatchObject({ field_empty: '1', routed: '1', held_for_review: '0', cancelled: '0' })

  expect(table).toContain('Views → starts → sent → booked → met')
  expect(table).toMatch(
    new RegExp(`${source} +${page} +2 +2 \\(100%\\) +1 \\(50%\\) +1 \\(100%\\)`),
  )
  expect(table).toMatch(/First name +1 +0/)

  const html = await readFile(file, 'utf8')
  expect(html).toMatch(/^<!doctype html>/)
  expect(html).toContain(source)
  // Page addresses are text in it; nothing is fetched: no script, link, frame, image or import.
  expect(html).not.toMatch(
    /<(script|link|iframe|img|object|embed)\b|\b(src|href|srcset)=|@import|url\(/i,
  )
}, 60_000)
