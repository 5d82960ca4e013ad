// The loader as a partner embeds it: a page on one origin that loads only
// demo-request-loader.js from the widget's origin, whose backend (npm start's server, with the
// partner's origin allowed) serves the widget and the function. Driven in Debian's Chromium.
import { readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formCopy } from '#core/form-copy.ts'
import { supportedLanguages } from '#core/languages.ts'
import { allCopies } from '../../src/copy/load-copy.ts'
import { elementEvents } from '../../widget/element-api.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { missedPoints, sweepSummary } from '../support/fill-while-loading.ts'
import { englishWordsIn, firstFramesRecorder, recordedFrames } from '../support/first-frames.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { sendSampleLead } from '../support/sample-lead-form.ts'
import { scratchFolder } from '../support/scratch-folder.ts'
import { startLocalServer } from '../support/start-local-server.ts'
import type { ServerProcess } from '../support/start-server-process.ts'
import {
  liveFormState,
  sweepFills,
  throttleCpu,
  typeAtOnce,
  typedAtOnce,
  waitForLiveForm,
} from './early-typing.ts'
import { speak } from './form-language.ts'
import { allStoredLeadRecords } from './leads.ts'

const copies = await allCopies()

const root = fileURLToPath(new URL('../..', import.meta.url))
const fullWidget = /\/widget\/demo-request-full-[0-9a-f]+\.js$/
const staticForms = /\/widget\/demo-request-static-[0-9a-f]+\.js$/
const fallbackLink = 'Request a demo'

let tempDir: string
let backend: ServerProcess
let partner: Server
let partnerOrigin: string

// The pages, by path: [html, extra headers].
const pages = new Map<string, [string, Record<string, string>?]>()
const page = (head: string, body: string, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Partner</title>${head}</head><body>${body}</body></html>`

function definePages(widget: string) {
  const loader = `${widget}/widget/demo-request-loader.js`
  const element = (attributes = '') =>
    `<demo-request supabase-url="${widget}" source="partner-e2e"${attributes}><a href="/request-demo">${fallbackLink}</a></demo-request>`
  const tall = '<div style="height: 3000px">Partner content</div>'
  pages.set('/below-the-fold', [page(`<script src="${loader}" defer></script>`, tall + element())])
  pages.set('/eager', [
    page(`<script src="${loader}" defer></script>`, tall + element(' loading="eager"')),
  ])
  pages.set('/strict-csp', [
    page(`<script src="${loader}" defer></script>`, `<h1>Partner</h1>${element()}`),
    {
      'content-security-policy': `default-src 'self'; script-src ${widget}; style-src 'self'; connect-src ${widget}`,
    },
  ])
  pages.set('/async', [page(`<script src="${loader}" async></script>`, element())])
  // Spanish, its frames recorded from the first paint; the loader fetched as on /async.
  pages.set('/es', [
    page(`${firstFramesRecorder}<script src="${loader}" async></script>`, element(), 'es'),
  ])
  // The same below the fold: nothing fetches the full widget until the test scrolls to it.
  pages.set('/es-below-the-fold', [
    page(`${firstFramesRecorder}<script src="${loader}" async></script>`, tall + element(), 'es'),
  ])
  pages.set('/twice', [
    page(
      `<script src="${loader}"></script>`,
      `${element()}<script src="${loader}" async></script>`,
    ),
  ])
  pages.set('/no-element', [page(`<script src="${loader}"></script>`, '<h1>Partner</h1>')])
  // The element and its `functions` property come before the loader, which then upgrades it.
  pages.set('/element-first', [
    page(
      '',
      `${element()}<script>
        window.standInCalls = []
        document.querySelector('demo-request').functions = {
          invoke: async (name, options) => {
            // A challenge of no bits: any counter solves it.
            const challenge = '0.0.' + '0'.repeat(32) + '.' + '0'.repeat(64)
            if (options.method === 'GET') return { data: { success: true, challenge }, error: null }
            window.standInCalls.push({ name, body: options.body })
            return { data: { success: true, requestId: 'stand-in' }, error: null }
          },
        }
        const script = document.createElement('script')
        script.src = ${JSON.stringify(loader)}
        document.head.append(script)
      </script>`,
    ),
  ])
  // A Vue page, with Vue's own browser build and template compiler, as a partner's CMS might.
  pages.set('/vue', [
    page(
      `<script src="${loader}"></script>`,
      `<div id="app"></div><script type="module">
        import { createApp, ref } from '/vue.js'
        window.vueHeard = []
        const app = createApp({
          setup: () => ({
            source: ref('vue-host'),
            backend: ${JSON.stringify(widget)},
            heard: (event) => window.vueHeard.push(event.detail.requestId),
          }),
          template: \`<demo-request :supabase-url="backend" :source="source"
              @demo-request-success="heard"></demo-request>
            <button type="button" @click="source = 'vue-host-updated'">Change source</button>\`,
        })
        app.config.compilerOptions.isCustomElement = (tag) => tag === 'demo-request'
        app.mount('#app')
      </script>`,
    ),
  ])
  pages.set('/angular', [
    page(
      `<script src="${loader}"></script><script>window.backendUrl = ${JSON.stringify(widget)}</script><script type="module" src="/angular-host.js"></script>`,
      '<partner-app></partner-app>',
    ),
  ])
  pages.set('/react', [
    page(
      `<script src="${loader}"></script><script>window.backendUrl = ${JSON.stringify(widget)}</script><script type="module" src="/react-host.js"></script>`,
      '<div id="root"></div>',
    ),
  ])
}

// A small React page, built as a partner would, with the project's own React.
async function buildReactHost(outDir: string) {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    // React's development build, matching the JSX runtime plugin-react picks under Vitest.
    define: { 'process.env.NODE_ENV': JSON.stringify('development') },
    build: {
      outDir,
      emptyOutDir: false,
      minify: false,
      lib: {
        entry: 'tests/e2e/react-host/react-host.tsx',
        formats: ['es'],
        fileName: () => 'react-host.js',
      },
    },
  })
}

// A small Angular page, built as a partner would, compiled in the browser (JIT).
async function buildAngularHost(outDir: string) {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: false,
      minify: false,
      lib: {
        entry: 'tests/e2e/angular-host/angular-host.ts',
        formats: ['es'],
        fileName: () => 'angular-host.js',
      },
    },
  })
}

beforeAll(async () => {
  tempDir = await scratchFolder('loader-e2e-')
  partner = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://partner').pathname
    if (path === '/favicon.ico') {
      response.writeHead(204).end()
      return
    }
    if (path === '/vue.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' })
      response.end(await readFile(join(root, 'node_modules/vue/dist/vue.esm-browser.prod.js')))
      return
    }
    if (path === '/react-host.js' || path === '/angular-host.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' })
      response.end(await readFile(join(tempDir, path.slice(1))))
      return
    }
    const [html, headers] = pages.get(path) ?? ['Not found', {}]
    response.writeHead(pages.has(path) ? 200 : 404, {
      'content-type': 'text/html; charset=utf-8',
      ...headers,
    })
    response.end(html)
  })
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
  partnerOrigin = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`

  // The hosts are built while the backend starts: the partner's server reads them per request.
  const hostsBuilt = Promise.all([buildReactHost(tempDir), buildAngularHost(tempDir)])
  const backendStarted = startLocalServer({
    PGLITE_DATA_DIR: join(tempDir, 'pglite'),
    DATABASE_URL: '',
    RESEND_API_KEY: '',
    NOTIFY_WEBHOOK_URL: '',
    ALLOWED_ORIGINS: partnerOrigin,
    RATE_LIMIT_MAX: '100',
    // Every page this file loads is a view from 127.0.0.1 that sends its funnel batch: far more
    // than the default 30 a window, whose 429 each later page would log.
    ANALYTICS_CLIENT_MAX: '1000',
    POW_MIN_BITS: '4',
    POW_MAX_BITS: '8',
  })
  // Both settled before either's failure is thrown: a backend that started is then stopped.
  const [built, started] = await Promise.allSettled([hostsBuilt, backendStarted])
  if (started.status === 'fulfilled') backend = started.value
  if (built.status === 'rejected') throw built.reason
  if (started.status === 'rejected') throw started.reason
  definePages(new URL(backend.url).origin)
}, 120_000)

afterAll(async () => {
  await backend?.stop()
  partner?.closeAllConnections()
  await new Promise((resolve) => partner?.close(resolve))
  if (tempDir) await rm(tempDir, { recursive: true, force: true })
})

// Declared after the servers' hooks, so it closes before them (afterAll runs last-first).
const browser = chromiumForFile()

type Recorded = {
  events: { name: string; detail: unknown }[]
  violations: string[]
  layoutShifts: number[]
}

/** Opens `path` on the partner's origin, recording what the page fetches and what it reports. */
async function open(
  path: string,
  options: { holdFullWidget?: boolean; failFullWidget?: boolean; failStaticForms?: boolean } = {},
) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } })
  const tab = await context.newPage()
  const fetched: string[] = []
  const problems: string[] = []
  tab.on('request', (request) => fetched.push(request.url()))
  tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  tab.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) {
      problems.push(`console: ${message.text()}`)
    }
  })
  await tab.addInitScript(
    (names: string[]) => {
      const recorded = { events: [], violations: [], layoutShifts: [] } as Recorded
      Object.assign(window, { recorded })
      for (const name of names) {
        document.addEventListener(name, (event) =>
          recorded.events.push({ name, detail: (event as CustomEvent).detail }),
        )
      }
      document.addEventListener('securitypolicyviolation', (event) =>
        recorded.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      )
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          recorded.layoutShifts.push((entry as unknown as { value: number }).value)
        }
      }).observe({ type: 'layout-shift', buffered: true })
    },
    [...new Set(elementEvents.map(({ name }) => name))],
  )
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  if (options.holdFullWidget) {
    await tab.route(fullWidget, async (route) => {
      await held
      await route.continue()
    })
  }
  if (options.failFullWidget) await tab.route(fullWidget, (route) => route.abort())
  if (options.failStaticForms) await tab.route(staticForms, (route) => route.abort())
  await tab.goto(`${partnerOrigin}${path}`)
  const recorded = () => tab.evaluate(() => (window as unknown as { recorded: Recorded }).recorded)
  const widgetFiles = () =>
    fetched.filter((url) => url.includes('/widget/')).map((url) => new URL(url).pathname)
  return { tab, fetched, problems, release, recorded, widgetFiles, close: () => context.close() }
}

const shadow = (tab: Page, selector: string) =>
  tab.evaluate(
    (selector) => !!document.querySelector('demo-request')?.shadowRoot?.querySelector(selector),
    selector,
  )
// The static form's controls have ids but no names; the live form's have names.
const staticFormShown = (tab: Page) => shadow(tab, 'form input:not([name])')
/** Where each label, control and the button sit, as [tag, x, y, w, h]. */
function formBoxes(tab: Page) {
  return tab.evaluate(() =>
    [
      ...(document
        .querySelector('demo-request')
        ?.shadowRoot?.querySelectorAll('form label, form input, form select, form button') ?? []),
    ]
      .filter((part) => !part.closest('[aria-hidden="true"]')) // the live form's honeypot
      .map((part) => {
        const box = part.getBoundingClientRect()
        return [part.localName, box.x, box.y, box.width, box.height]
      }),
  )
}

const eventNames = (recorded: Recorded) => recorded.events.map(({ name }) => name)

describe('a partner page that embeds only the loader', () => {
  it('paints the form at once, fetches the full widget only near the viewport, keeps what was typed and sends it', async () => {
    const { tab, problems, release, recorded, widgetFiles, close } = await open('/below-the-fold', {
      holdFullWidget: true,
    })
    await tab.waitForFunction(() =>
      document.querySelector('demo-request')?.shadowRoot?.querySelector('form input:not([name])'),
    )
    // The element sits below the fold: the intersection observer has reported (after a frame)
    // and the browser has been idle, and nothing more is fetched.
    await tab.evaluate(() => new Promise(requestAnimationFrame))
    await tab.evaluate(() => new Promise(requestAnimationFrame))
    await tab.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 2000 })))
    expect(widgetFiles()).toEqual(['/widget/demo-request-loader.js'])
    expect(await tab.getByRole('link', { name: fallbackLink }).isVisible()).toBe(false)

    // The visitor scrolls down and types before the full widget has arrived.
    await tab.locator('demo-request').scrollIntoViewIfNeeded()
    await tab.waitForFunction(() => document.fonts.ready)
    const { fields } = formCopy
    await tab.getByLabel(fields.firstName.label).fill(sampleLead.firstName)
    await tab.getByLabel(fields.companySize.label).selectOption(sampleLead.companySize)
    await tab.getByLabel(fields.lastName.label).fill('Love')
    expect(widgetFiles()).toHaveLength(2)
    expect(widgetFiles()[1]).toMatch(fullWidget)
    expect(await staticFormShown(tab)).toBe(true)
    const staticBoxes = await formBoxes(tab)
    expect(staticBoxes).toHaveLength(9) // four labels, three inputs, the select, the button

    release()
    await waitForLiveForm(tab)
    expect(await formBoxes(tab)).toEqual(staticBoxes)
    await tab.evaluate(() => new Promise(requestAnimationFrame))
    expect((await recorded()).layoutShifts, 'layout shifts when React took over').toEqual([])
    const live = await tab.evaluate(() => {
      const root = document.querySelector('demo-request')?.shadowRoot
      const value = (name: string) =>
        root?.querySelector<HTMLInputElement>(`form [name="${name}"]`)?.value
      return {
        firstName: value('firstName'),
        lastName: value('lastName'),
        companySize: value('companySize'),
        focused: (root?.activeElement as HTMLInputElement | null)?.name,
      }
    })
    expect(live).toEqual({
      firstName: sampleLead.firstName,
      lastName: 'Love',
      companySize: sampleLead.companySize,
      focused: 'lastName',
    })
    // The caret stayed at the end of what was typed.
    await tab.keyboard.type('lace')
    expect(await tab.getByLabel(fields.lastName.label).inputValue()).toBe(sampleLead.lastName)

    await tab.getByLabel(fields.companyName.label).fill(sampleLead.companyName)
    const posted = tab.waitForResponse((response) => response.request().method() === 'POST')
    await tab.getByRole('button', { name: formCopy.submit, exact: true }).click()
    await tab.getByText(formCopy.success.title).waitFor()
    const response = await posted
    expect(response.status()).toBe(200)
    expect(response.request().postDataJSON()).toMatchObject({
      ...sampleLead,
      source: 'partner-e2e',
    })

    const { events } = await recorded()
    expect(
      eventNames({ events } as Recorded).filter((name) => name !== 'demo-request-ready'),
    ).toEqual(['demo-request-submit', 'demo-request-success'])
    expect(events[events.length - 1]?.detail).toEqual({ requestId: expect.any(String) })
    // The page hears demo-request-ready exactly once, when the full widget has taken over.
    expect(
      eventNames({ events } as Recorded).filter((name) => name === 'demo-request-ready'),
    ).toHaveLength(1)
    expect(problems).toEqual([])
    await close()
  })

  it('takes prefill() and reset() before the full widget, fetches it, and applies them in order', async () => {
    const { tab, problems, release, recorded, close } = await open('/below-the-fold', {
      holdFullWidget: true,
    })
    const fetched = tab.waitForRequest(fullWidget)
    await tab.evaluate(() => {
      const element = document.querySelector('demo-request') as HTMLElement & {
        prefill(values: object): void
        reset(): void
      }
      element.prefill({ firstName: 'Grace', lastName: 'Hopper' })
      element.reset()
      element.prefill({ companyName: ' Navy ', companySize: '6-50 employees' })
    })
    // The calls asked for the full widget, below the fold as the element is.
    await fetched
    release()
    await waitForLiveForm(tab)
    const { fields } = formCopy
    await tab.waitForFunction(
      () => (window as unknown as { recorded: Recorded }).recorded.events.length > 0,
    )
    expect(await tab.getByLabel(fields.firstName.label).inputValue()).toBe('')
    expect(await tab.getByLabel(fields.companyName.label).inputValue()).toBe('Navy')
    expect(await tab.getByLabel(fields.companySize.label).inputValue()).toBe('6-50 employees')
    expect(eventNames(await recorded())).toEqual(['demo-request-ready'])
    expect(problems).toEqual([])
    await close()
  })

  for (const rate of [1, 4]) {
    it(`keeps every key, the focus and the caret of a visitor who types at once (CPU ${rate}× slower)`, async () => {
      const context = await browser.newContext({ viewport: { width: 1000, height: 700 } })
      const tab = await context.newPage()
      if (rate > 1) await throttleCpu(tab, rate)
      await tab.goto(`${partnerOrigin}/async`)
      await typeAtOnce(tab)
      await waitForLiveForm(tab)
      expect(await liveFormState(tab)).toEqual(typedAtOnce)
      await context.close()
    })
  }

  it('sends what a script put in the fields at any moment across the take-over and after it', async () => {
    const points = await sweepFills(browser, `${partnerOrigin}/async`, `partner ${Date.now()}`)
    console.info(`partner page, Chromium: ${sweepSummary(points)}`)
    const stored = await allStoredLeadRecords(join(tempDir, 'pglite'))
    expect(missedPoints(points, stored)).toEqual([])
  }, 120_000)

  it("keeps a field's neighbour where it was, 44 px tall, when the field's message shows, in each language", async () => {
    const { tab, close } = await open('/async')
    await waitForLiveForm(tab)
    const element = tab.locator('demo-request')
    const lastName = tab.locator('demo-request form [name="lastName"]')
    // In each language, from an untouched form: the Spanish message is the longer.
    for (const language of supportedLanguages) {
      await speak(tab, language)
      await lastName.fill('Lovelace')
      const before = await lastName.boundingBox()
      await element.getByRole('button', { name: copies[language].submit, exact: true }).click()
      await tab.locator('demo-request [data-error-for="firstName"]').waitFor()
      expect(await lastName.boundingBox(), language).toEqual(before)
      expect(before?.height, language).toBe(44)
      await element.evaluate((form) => (form as HTMLElement & { reset(): void }).reset())
      await tab.locator('demo-request [data-error-for]').first().waitFor({ state: 'detached' })
    }
    await close()
  })

  it('on a Spanish page, shows no English word in any frame from the first paint to the live form', async () => {
    const { tab, problems, widgetFiles, close } = await open('/es')
    await tab.waitForFunction(recordedFrames)
    const frames = (await tab.evaluate(recordedFrames)) ?? []
    const shown = frames.filter((shot) => shot.words)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.filter((shot) => englishWordsIn(shot.words).length > 0)).toEqual([])
    expect(shown.every((shot) => shot.words.includes('Nombre'))).toBe(true)
    expect(widgetFiles()).toContainEqual(expect.stringMatching(staticForms))
    // From the loader's first paint the form's place is held at the form's height, so nothing
    // moves when the Spanish form comes; the English form that holds it is never seen.
    const painted = frames.filter((shot) => shot.rooted)
    const height = painted.at(-1)?.height ?? 0
    expect(height).toBeGreaterThan(200)
    expect(painted.filter((shot) => Math.abs(shot.height - height) > 1)).toEqual([])
    expect(frames.filter((shot) => shot.held !== null && shot.held !== '0')).toEqual([])
    expect(problems).toEqual([])
    await close()
  })

  it('on a Spanish page whose static form script cannot load, shows the fallback content, never English, until the live form', async () => {
    const { tab, recorded, widgetFiles, close } = await open('/es-below-the-fold', {
      failStaticForms: true,
    })
    await tab.getByRole('link', { name: fallbackLink }).waitFor()
    expect(widgetFiles()).toEqual([
      '/widget/demo-request-loader.js',
      expect.stringMatching(staticForms),
    ])
    expect(await shadow(tab, 'slot')).toBe(true)
    expect(await shadow(tab, 'form')).toBe(false)
    expect((await recorded()).events).toEqual([
      { name: 'demo-request-error', detail: { kind: 'load' } },
    ])
    // The full widget, when it comes, puts the live form in the page's language in its place.
    await tab.locator('demo-request').scrollIntoViewIfNeeded()
    await tab.getByLabel(copies.es.fields.firstName.label, { exact: true }).waitFor()
    await tab.waitForFunction(recordedFrames)
    const frames = (await tab.evaluate(recordedFrames)) ?? []
    expect(frames.filter((shot) => shot.live).length).toBeGreaterThan(0)
    expect(frames.filter((shot) => englishWordsIn(shot.words).length > 0)).toEqual([])
    await close()
  })

  it('fetches only the loader and the full widget on an English page', async () => {
    const { tab, widgetFiles, close } = await open('/async')
    await waitForLiveForm(tab)
    expect(widgetFiles()).toEqual([
      '/widget/demo-request-loader.js',
      expect.stringMatching(fullWidget),
    ])
    await close()
  })

  it('fetches the full widget at once with loading="eager", even below the fold', async () => {
    const { tab, problems, widgetFiles, close } = await open('/eager')
    await waitForLiveForm(tab)
    expect(widgetFiles()).toEqual([
      '/widget/demo-request-loader.js',
      expect.stringMatching(fullWidget),
    ])
    expect(problems).toEqual([])
    await close()
  })

  it('shows the fallback content and reports a load error when the full widget cannot load', async () => {
    const { tab, recorded, close } = await open('/eager', { failFullWidget: true })
    await tab.getByRole('link', { name: fallbackLink }).waitFor()
    expect(await staticFormShown(tab)).toBe(false)
    expect(await tab.getByLabel(formCopy.fields.firstName.label).count()).toBe(0)
    expect((await recorded()).events).toEqual([
      { name: 'demo-request-error', detail: { kind: 'load' } },
    ])
    // An element made after the failure, and connected later, shows its own content too.
    const later = await tab.evaluate(async () => {
      const element = document.createElement('demo-request')
      element.innerHTML = '<a href="/request-demo">Later</a>'
      await new Promise((resolve) => setTimeout(resolve))
      document.body.append(element)
      const root = element.shadowRoot
      return {
        slot: Boolean(root?.querySelector('slot')),
        form: Boolean(root?.querySelector('form')),
      }
    })
    expect(later).toEqual({ slot: true, form: false })
    expect((await recorded()).events).toEqual([
      { name: 'demo-request-error', detail: { kind: 'load' } },
      { name: 'demo-request-error', detail: { kind: 'load' } },
    ])
    await close()
  })

  it('sends under a strict CSP with no violation', async () => {
    const { tab, problems, release, recorded, close } = await open('/strict-csp', {
      holdFullWidget: true,
    })
    expect(await staticFormShown(tab)).toBe(true)
    release()
    await waitForLiveForm(tab)
    await sendSampleLead(tab)
    const { violations, events } = await recorded()
    expect(violations).toEqual([])
    expect(eventNames({ events } as Recorded)).toContain('demo-request-success')
    expect(problems).toEqual([])
    await close()
  })

  it('works from an async script', async () => {
    const { tab, problems, close } = await open('/async')
    await waitForLiveForm(tab)
    await sendSampleLead(tab)
    expect(problems).toEqual([])
    await close()
  })

  it('defines the element once when the loader is loaded twice', async () => {
    const { tab, problems, widgetFiles, close } = await open('/twice')
    await waitForLiveForm(tab)
    await tab.waitForLoadState('networkidle')
    expect(widgetFiles().filter((file) => fullWidget.test(file))).toHaveLength(1)
    expect(
      await tab.evaluate(
        () => document.querySelector('demo-request')?.shadowRoot?.querySelectorAll('form').length,
      ),
    ).toBe(1)
    expect(problems).toEqual([])
    await close()
  })

  it('upgrades an element created after the script ran', async () => {
    const { tab, problems, widgetFiles, close } = await open('/no-element')
    // The browser idle: when the loader would have fetched the full widget, had it a reason to.
    await tab.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 2000 })))
    expect(widgetFiles()).toEqual(['/widget/demo-request-loader.js'])
    // Asked in the same task as the append: the upgrade paints the static form at once, and by
    // a later round trip the full widget may already have replaced it.
    const paintedAtOnce = await tab.evaluate((fallback) => {
      const element = document.createElement('demo-request')
      element.innerHTML = `<a href="/request-demo">${fallback}</a>`
      document.body.append(element)
      return Boolean(element.shadowRoot?.querySelector('form input:not([name])'))
    }, fallbackLink)
    expect(paintedAtOnce).toBe(true)
    await waitForLiveForm(tab)
    expect(problems).toEqual([])
    await close()
  })

  it('keeps attributes and a functions property set before the loader ran', async () => {
    const { tab, problems, close } = await open('/element-first')
    await waitForLiveForm(tab)
    await sendSampleLead(tab)
    const calls = await tab.evaluate(
      () => (window as unknown as { standInCalls: { name: string; body: unknown }[] }).standInCalls,
    )
    expect(calls).toEqual([
      { name: 'send-demo-request', body: expect.objectContaining({ source: 'partner-e2e' }) },
    ])
    expect(problems).toEqual([])
    await close()
  })

  // The loader defines no `functions` accessor (bytes): the full widget brings it, and moves a
  // client set before it behind it.
  it('sends with a functions property set after the take-over, in place of the one before', async () => {
    const { tab, problems, close } = await open('/element-first')
    await waitForLiveForm(tab)
    const moved = await tab.evaluate(() => {
      const element = document.querySelector('demo-request') as HTMLElement & {
        functions: { invoke(name: string, options: { method?: string; body?: unknown }): unknown }
      }
      const before = element.functions
      const wasOwn = Object.hasOwn(element, 'functions')
      element.functions = {
        invoke: async (name, options) => {
          if (options.method === 'GET') return before.invoke(name, options)
          ;(window as unknown as { standInCalls: unknown[] }).standInCalls.push({
            name,
            second: true,
          })
          return { data: { success: true, requestId: 'second' }, error: null }
        },
      }
      return { wasOwn, keptBefore: typeof before?.invoke === 'function' }
    })
    expect(moved).toEqual({ wasOwn: false, keptBefore: true })
    await sendSampleLead(tab)
    const calls = await tab.evaluate(
      () => (window as unknown as { standInCalls: unknown[] }).standInCalls,
    )
    expect(calls).toEqual([{ name: 'send-demo-request', second: true }])
    expect(problems).toEqual([])
    await close()
  })

  it('works inside a Vue page, which binds its attributes and listens to its events', async () => {
    const { tab, problems, close } = await open('/vue')
    await waitForLiveForm(tab)
    await tab.getByRole('button', { name: 'Change source' }).click()
    const posted = tab.waitForRequest((request) => request.method() === 'POST')
    await sendSampleLead(tab)
    expect((await posted).postDataJSON()).toMatchObject({ source: 'vue-host-updated' })
    const heard = await tab.evaluate(() => (window as unknown as { vueHeard: string[] }).vueHeard)
    expect(heard).toEqual([expect.any(String)])
    expect(problems).toEqual([])
    await close()
  })

  it('works inside an Angular page, which binds its attributes and listens to its events', async () => {
    const { tab, problems, close } = await open('/angular')
    await waitForLiveForm(tab)
    await tab.getByRole('button', { name: 'Change source' }).click()
    const posted = tab.waitForRequest((request) => request.method() === 'POST')
    await sendSampleLead(tab)
    expect((await posted).postDataJSON()).toMatchObject({ source: 'angular-host-updated' })
    const heard = await tab.evaluate(
      () => (window as unknown as { angularHeard: string[] }).angularHeard,
    )
    expect(heard).toEqual([expect.any(String)])
    expect(problems).toEqual([])
    await close()
  })

  it('works inside a React page, which sets its attributes', async () => {
    const { tab, problems, close } = await open('/react')
    await waitForLiveForm(tab)
    await tab.getByRole('button', { name: 'Change source' }).click()
    const posted = tab.waitForRequest((request) => request.method() === 'POST')
    await sendSampleLead(tab)
    expect((await posted).postDataJSON()).toMatchObject({ source: 'react-host-updated' })
    expect(problems).toEqual([])
    await close()
  })
})
