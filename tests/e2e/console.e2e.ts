// The console's page as built and served by the local server, in Chromium: the prerendered shell
// hydrates into the sign-in screen, a sign-in link's token leaves the address at once, and a day
// at the console (console-scenario.ts) goes as in Firefox and WebKit (tests/engines).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consoleCopy } from '../../site/console/console-copy.ts'
import { chromiumForFile } from '../support/chromium.ts'
import {
  consoleDay,
  consoleDayLimit,
  ownerLink,
  startConsoleServer,
} from '../support/console-scenario.ts'
import { openSitePage, visit } from './site-page.ts'

// A server of the file's own, whose printed sign-in emails the day reads.
let server: Awaited<ReturnType<typeof startConsoleServer>>
beforeAll(async () => {
  server = await startConsoleServer()
})
afterAll(() => server?.stop())

const browser = chromiumForFile()

describe('the console page', () => {
  it('hydrates into the sign-in screen for someone not signed in, focus on its heading', async () => {
    const site = await openSitePage(browser, { width: 360 })
    await visit(site.page, '/console')
    const heading = site.page.getByRole('heading', { level: 1, name: consoleCopy.signIn.heading })
    await heading.waitFor()
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await site.page.getByLabel(consoleCopy.signIn.email).isVisible()).toBe(true)
    expect(site.pageErrors).toEqual([])
    await site.close()
  })

  it("verifies a sign-in link's token by its hash, takes it out of the address, and says it failed", async () => {
    const site = await openSitePage(browser)
    const verified = site.page.waitForRequest((request) =>
      request.url().includes('/auth/v1/verify'),
    )
    await visit(site.page, '/console?view=leads&token_hash=not-a-real-token&type=magiclink')
    const request = await verified
    expect(request.postDataJSON()).toMatchObject({
      token_hash: 'not-a-real-token',
      type: 'magiclink',
    })
    expect(new URL(site.page.url()).search).toBe('?view=leads')
    // Whichever words fit the server's refusal: no session came of it.
    await site.page.getByRole('alert').waitFor()
    await site.page.getByRole('heading', { name: consoleCopy.signIn.heading }).waitFor()
    expect(site.pageErrors).toEqual([])
    await site.close()
  })

  it('asks /me and the first page of leads at once, its scripts and stylesheet asked with its HTML', async () => {
    const signIn = await browser.newContext()
    const link = await ownerLink(server)
    const first = await signIn.newPage()
    await first.goto(link)
    await first.getByRole('button', { name: consoleCopy.signOut }).waitFor()
    const session = await signIn.storageState()
    await signIn.close()

    // A later visit, from the session the first kept.
    const context = await browser.newContext({ storageState: session })
    const page = await context.newPage()
    const leads = page.waitForResponse((response) => response.url().includes('/leads'))
    await page.goto(new URL('/console', link).href)
    expect((await leads).status()).toBe(200)
    await page
      .getByRole('heading', { level: 1, name: `${consoleCopy.title}: ${consoleCopy.views.leads}` })
      .waitFor()
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      entries: performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .map(({ name, startTime, responseEnd }) => ({
          path: new URL(name).pathname,
          startTime,
          responseEnd,
        })),
    }))
    await context.close()
    const call = (route: string) =>
      timing.entries.find((entry) => entry.path.endsWith(`/console/${route}`))
    const me = call('me')
    const list = call('leads')
    expect(me && list, JSON.stringify(timing.entries)).toBeTruthy()
    // The list did not wait for /me's answer.
    expect(list?.startTime).toBeLessThan(me?.responseEnd ?? 0)
    // Modulepreloads and the console's stylesheet in its head, not started after the first paint.
    const assets = timing.entries.filter((entry) => /\/assets\/.*\.(js|css)$/.test(entry.path))
    expect(assets.map((entry) => entry.path)).toContainEqual(expect.stringMatching(/\.css$/))
    expect(timing.paint).not.toBeNull()
    for (const asset of assets) {
      expect(asset.startTime, asset.path).toBeLessThan(timing.paint as number)
    }
  })

  it(
    'gives an invited sales person the day, the owner its trail, and marketing and a partner no personal data',
    async () => {
      await consoleDay({ name: 'chromium', browser }, server)
    },
    consoleDayLimit,
  )
})
