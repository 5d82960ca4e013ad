// The console's page as built and served by the local server, in Chromium: the prerendered shell
// hydrates into the sign-in screen, a sign-in link's token leaves the address at once, and a day
// at the console (console-scenario.ts) goes as in Firefox and WebKit (tests/engines).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consoleCopy } from '../../site/console/console-copy.ts'
import { brand, siteCopy } from '../../site/site-copy.ts'
import { chromiumForFile } from '../support/chromium.ts'
import {
  consoleCall,
  consoleDay,
  consoleDayLimit,
  ownerLink,
  ownerToken,
  startConsoleServer,
} from '../support/console-scenario.ts'
import { nothingStored, storedOnDevice } from '../support/stored-on-device.ts'
import { openSitePage, visit } from './site-page.ts'

// A server of the file's own, whose printed sign-in emails the day reads.
let server: Awaited<ReturnType<typeof startConsoleServer>>
beforeAll(async () => {
  server = await startConsoleServer()
})
afterAll(() => server?.stop())

const browser = chromiumForFile()

/** A page signed in as the local owner, at `width`, showing the leads view. */
async function ownerPage(width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.goto(await ownerLink(server))
  await page.getByRole('button', { name: consoleCopy.signOut }).waitFor()
  return { page, close: () => context.close() }
}

/** What of the marketing site's frame a page shows: its links and landmarks. */
async function marketingChrome(page: Page) {
  return {
    requestDemo: await page.getByRole('link', { name: siteCopy.nav.requestDemo }).count(),
    login: await page.getByRole('button', { name: siteCopy.nav.login }).count(),
    siteHeader: await page.locator('.site-header').count(),
    footer: await page.getByRole('contentinfo').count(),
  }
}

const noMarketingChrome = { requestDemo: 0, login: 0, siteHeader: 0, footer: 0 }

// Run in the page: every pair of the leads filter's controls whose boxes share any area, and any
// control reaching outside the form, as "name × name".
function overlappingFilterControls() {
  const form = document.querySelector('.console-filters')
  if (!form) return ['no filter form']
  const controls = [...form.querySelectorAll('input, select, button')].map((control) => ({
    name: control.getAttribute('name') ?? control.textContent ?? '',
    box: control.getBoundingClientRect(),
  }))
  const bounds = form.getBoundingClientRect()
  const found: string[] = []
  for (const [index, a] of controls.entries()) {
    if (a.box.left < bounds.left || a.box.right > bounds.right) found.push(`${a.name} × form`)
    for (const b of controls.slice(index + 1)) {
      const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
      const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
      if (width > 0 && height > 0) found.push(`${a.name} × ${b.name}`)
    }
  }
  return found
}

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

  it("wears none of the marketing site's chrome before sign-in, and staff's own header after", async () => {
    const site = await openSitePage(browser, { width: 1280 })
    await visit(site.page, '/console')
    await site.page.getByRole('heading', { level: 1, name: consoleCopy.signIn.heading }).waitFor()
    expect(await marketingChrome(site.page)).toEqual(noMarketingChrome)
    expect(await site.page.getByRole('banner').textContent()).toContain(brand.name)
    await site.close()

    const { page, close } = await ownerPage(1280)
    expect(await marketingChrome(page)).toEqual(noMarketingChrome)
    const header = page.getByRole('banner')
    const text = await header.textContent()
    expect(text).toContain(brand.name)
    expect(text).toContain('owner@localhost')
    expect(text).toContain(consoleCopy.roles.owner)
    expect(await header.getByRole('button', { name: consoleCopy.signOut }).isVisible()).toBe(true)
    // The page starts at the staff header, with no room kept for the site's fixed one.
    expect((await header.boundingBox())?.y).toBe(0)
    await close()
  })

  it('lays out the leads filter with no control over another at 390, 768, 1280 and 1440 px', async () => {
    const { page, close } = await ownerPage(390)
    await page.getByRole('button', { name: consoleCopy.leads.apply }).waitFor()
    const overlaps: Record<number, string[]> = {}
    for (const width of [390, 768, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      overlaps[width] = await page.evaluate(overlappingFilterControls)
    }
    expect(overlaps).toEqual({ 390: [], 768: [], 1280: [], 1440: [] })
    await close()
  })

  it('tells someone asking for a link within a minute of their invitation that one was just sent', async () => {
    const email = 'just-invited@firm.example'
    const owner = await ownerToken(server, await ownerLink(server))
    const invited = await consoleCall(server, owner, 'staff', {
      method: 'POST',
      body: JSON.stringify({ email, role: 'sales', sources: [] }),
    })
    expect(invited.status, await invited.clone().text()).toBeLessThan(300)

    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(new URL('/console', server.url).href)
    await page.getByLabel(consoleCopy.signIn.email).fill(email)
    await page.getByRole('button', { name: consoleCopy.signIn.send }).click()
    // The next step, or a refusal: whichever came, the words are what the test reads.
    await page
      .getByRole('heading', { level: 1, name: consoleCopy.signIn.sentHeading })
      .or(page.getByRole('alert'))
      .waitFor()
    const shown = (await page.locator('.console-sign-in').textContent()) ?? ''
    expect(shown).not.toContain(consoleCopy.problems.tooMany)
    const seconds = Number(/(\d+) seconds?/.exec(shown)?.[1])
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(60)
    expect(shown).toContain(consoleCopy.signIn.justSent(email, seconds))
    // The invitation's code signs them in from here.
    expect(await page.getByLabel(consoleCopy.signIn.code).isVisible()).toBe(true)
    await context.close()
  })

  it('opens a share link without sign-in, keeps nothing on the device, and says when it is revoked', async () => {
    const token = await ownerToken(server, await ownerLink(server))
    const made = await consoleCall(server, token, 'share-links', {
      method: 'POST',
      body: JSON.stringify({ days: 7, sources: [] }),
    })
    expect(made.status).toBe(200)
    const { link, token: shareToken } = await made.json()
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const reply = await page.goto(new URL(`/share#${shareToken}`, server.url).href)
    expect(reply?.headers()['x-robots-tag']).toBe('noindex')
    expect(reply?.headers()['content-security-policy']).toContain("default-src 'self'")
    const words = consoleCopy.share.page
    await page.getByRole('heading', { level: 1, name: words.heading }).waitFor()
    // The funnel's period as the console shows it (its counts, or that none were counted).
    await page.locator('.funnel-period').waitFor()
    expect(await page.evaluate(storedOnDevice)).toEqual(nothingStored)
    const revoked = await consoleCall(server, token, `share-links/${link.id}`, { method: 'DELETE' })
    expect(revoked.status).toBe(204)
    const gone = page.waitForResponse((response) => response.url().endsWith('/console/shared'))
    await page.reload()
    expect((await gone).status()).toBe(410)
    await page.getByRole('heading', { level: 1, name: words.goneHeading }).waitFor()
    // The 410 is the page's expected answer; nothing else failed.
    expect(errors.filter((error) => !error.includes('410'))).toEqual([])
    await context.close()
  })

  it(
    'gives an invited sales person the day, the owner its trail, and marketing and a partner no personal data',
    async () => {
      await consoleDay({ name: 'chromium', browser }, server)
    },
    consoleDayLimit,
  )
})
