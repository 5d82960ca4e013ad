import { createServer } from 'node:http'
import { chromium } from 'playwright'
const server = createServer((q, r) => r.end('<html></html>')).listen(0, '127.0.0.1')
await new Promise((r) => server.once('listening', r))
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] })
const page = await browser.newPage()
await page.goto(`http://127.0.0.1:${server.address().port}/`)
const cpu = Number(process.argv[2] ?? 1)
if (cpu > 1) { const s = await page.context().newCDPSession(page); await s.send('Emulation.setCPUThrottlingRate', { rate: cpu }) }
const result = await page.evaluate(async () => {
  const enc = new TextEncoder(); const batch = 64
  const challenge = `1764000000.30.${'a'.repeat(32)}.${'b'.repeat(64)}`
  const n = 40000
  let longest = 0, last = performance.now()
  const obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) longest = Math.max(longest, e.duration); (globalThis.tasks ??= []).push(Math.round(e.duration)) })
  try { obs.observe({ type: 'longtask' }) } catch {}
  const t0 = performance.now()
  const yieldNow = () => new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r(); c.port2.postMessage(null) })
  let slice = performance.now()
  for (let start = 0; start < n; start += batch) {
    if (performance.now() - slice > 5) { await yieldNow(); slice = performance.now() }
    await Promise.all(Array.from({ length: batch }, (_, o) => crypto.subtle.digest('SHA-256', enc.encode(`${challenge}.${start + o}`))))
  }
  const ms = performance.now() - t0
  await new Promise((r) => setTimeout(r, 100))
  return { secure: isSecureContext, hashesPerSecond: Math.round(n / ms * 1000), longestTaskMs: longest, tasks: globalThis.tasks }
})
console.log(JSON.stringify({ cpu, ...result }))
await browser.close()
server.close()
