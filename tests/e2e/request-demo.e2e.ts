import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { formCopy } from '#core/form-copy.ts'
import { requiredFieldNames } from '#core/lead-fields.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { missedPoints, sweepSummary } from '../support/fill-while-loading.ts'
import { sampleLead } from '../support/sample-lead.ts'
import { sendSampleLead } from '../support/sample-lead-form.ts'
import { nothingStored, storedOnDevice } from '../support/stored-on-device.ts'
import {
  liveFormState,
  sweepFills,
  throttleCpu,
  typeAtOnce,
  typedAtOnce,
  waitForLiveForm,
} from './early-typing.ts'
import { allStoredLeadRecords, storedLeadRecords, storedLeads } from './leads.ts'
import { openSitePage, siteUrl, visit } from './site-page.ts'

const browser = chromiumForFile()

it('a visitor requests a demo, sees the confirmation, and the lead is stored once', async () => {
  const { page, pageErrors } = await openSitePage(browser)
  // A company name of its own, to find this run's lead among those of earlier runs.
  const companyName = `${sampleLead.companyName} ${Date.now()}`
  // Landed from a campaign: the lead is credited to it.
  await visit(page, '/request-demo?utm_source=newsletter&utm_campaign=injury-defense-2026')

  await sendSampleLead(page, companyName)
  expect(await page.getByText(formCopy.success.description).isVisible()).toBe(true)
  // The form is cleared for the next request.
  expect(await page.getByLabel(formCopy.fields.companyName.label).inputValue()).toBe('')
  expect(pageErrors).toEqual([])

  const leads = await storedLeads(companyName)
  expect(leads).toHaveLength(1)
  expect(leads[0]).toContain(
    `,${sampleLead.firstName},${sampleLead.lastName},${companyName},${sampleLead.companySize},site,en,injury-defense-2026,no,`,
  )
  const [stored] = await storedLeadRecords(companyName)
  expect(stored).toMatchObject({
    utm_source: 'newsletter',
    utm_medium: '',
    utm_campaign: 'injury-defense-2026',
    utm_term: '',
    utm_content: '',
  })
  await page.context().close()
})

it('a visitor who lands on / from a campaign and browses to the form is still credited to it', async () => {
  const { page, pageErrors, close } = await openSitePage(browser)
  const companyName = `${sampleLead.companyName} browsed ${Date.now()}`
  await visit(page, '/?utm_source=search&utm_medium=cpc&utm_campaign=defense-firms')
  // The router's own navigation, by a link that carries the campaign along: nothing on the
  // visitor's device may keep it (src/fields/campaign.ts).
  await page.locator('header').getByRole('link', { name: 'Request Demo' }).click()
  await page.waitForURL((url) => url.pathname === '/request-demo')
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
    utm_source: 'search',
    utm_medium: 'cpc',
    utm_campaign: 'defense-firms',
  })
  await sendSampleLead(page, companyName)
  const leads = await storedLeads(companyName)
  expect(leads).toHaveLength(1)
  const [stored] = await storedLeadRecords(companyName)
  expect(stored).toMatchObject({
    utm_source: 'search',
    utm_medium: 'cpc',
    utm_campaign: 'defense-firms',
    utm_term: '',
  })
  expect(await page.evaluate(storedOnDevice)).toEqual(nothingStored)
  expect(pageErrors).toEqual([])
  await close()
})

it('the request goes through supabase-js, which / never loads', async () => {
  const home = await openSitePage(browser)
  const homeScripts: Promise<string>[] = []
  home.page.on('response', (response) => {
    if (response.request().resourceType() === 'script') homeScripts.push(response.text())
  })
  await visit(home.page, '/')
  await home.page.waitForLoadState('networkidle')
  // GoTrueClient is supabase-js's auth client: present in its chunk, absent from the rest.
  expect((await Promise.all(homeScripts)).some((body) => body.includes('GoTrueClient'))).toBe(false)
  await home.close()

  const { page, close } = await openSitePage(browser)
  const sent: Record<string, string>[] = []
  page.on('request', (request) => {
    // The GET before it fetches the proof-of-work challenge the POST carries solved.
    if (request.url().endsWith('/functions/v1/send-demo-request') && request.method() === 'POST') {
      sent.push(request.headers())
    }
  })
  await visit(page, '/request-demo')
  await sendSampleLead(page, `${sampleLead.companyName} via supabase-js`)
  expect(sent).toHaveLength(1)
  // supabase-js names itself on every request; the widget's own Functions client does not.
  expect(sent[0]?.['x-client-info']).toMatch(/^supabase-js\/\d/)
  expect(sent[0]?.apikey).toBeTruthy()
  expect(sent[0]?.['proof-of-work']).toMatch(/^\d+\.\d+\.[0-9a-f]{32}\.[0-9a-f]{64}\.\d+$/)
  // Visitors never sign in: the client keeps no session in localStorage.
  expect(await page.evaluate(() => localStorage.length)).toBe(0)
  await close()
})

it('a one-line notice under the button links to the privacy notice', async () => {
  const { page, close } = await openSitePage(browser, { width: 360 })
  await visit(page, '/request-demo')
  await page.getByText(formCopy.privacy.text).waitFor()
  await page.locator('demo-request').getByRole('link', { name: formCopy.privacy.link }).click()
  await page.waitForURL(siteUrl('/privacy'))
  await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor()
  await close()
})

describe('a visitor who types the moment the form shows', () => {
  for (const rate of [1, 4]) {
    it(`keeps every key, the focus and the caret (CPU ${rate}× slower)`, async () => {
      const { page, pageErrors, close } = await openSitePage(browser)
      if (rate > 1) await throttleCpu(page, rate)
      await page.goto(siteUrl('/request-demo'))
      await typeAtOnce(page)
      await waitForLiveForm(page)
      expect(await liveFormState(page)).toEqual(typedAtOnce)
      expect(pageErrors).toEqual([])
      await close()
    })
  }
})

it('sends what a script put in the fields at any moment across the take-over and after it', async () => {
  const points = await sweepFills(browser, siteUrl('/request-demo'), `site ${Date.now()}`)
  console.info(`/request-demo, Chromium: ${sweepSummary(points)}`)
  expect(missedPoints(points, await allStoredLeadRecords())).toEqual([])
}, 120_000)

/** Where each field, the button and the notice sit inside the element, as [tag, x, y, w, h]. */
function formBoxes(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('demo-request')?.shadowRoot
    const parts = [
      ...(root?.querySelectorAll('form label, form input, form select, form button') ?? []),
    ]
    return parts
      .filter((part) => !part.closest('[aria-hidden="true"]')) // the live form's honeypot
      .map((part) => {
        const box = part.getBoundingClientRect()
        return [part.localName, box.x, box.y, box.width, box.height]
      })
  })
}

describe('the prerendered form', () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px, nothing moves when the live form replaces it`, async () => {
      const { page, pageErrors, close } = await openSitePage(browser, { width })
      await page.addInitScript(() => {
        const shifts: number[] = []
        Object.assign(window, { layoutShifts: shifts })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            shifts.push((entry as unknown as { value: number }).value)
        }).observe({ type: 'layout-shift', buffered: true })
      })
      // The element's code waits until the prerendered form has been measured.
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route(/\/assets\/demo-request-element-[^/]+\.js$/, async (route) => {
        await held
        await route.continue()
      })
      await page.goto(siteUrl('/request-demo'))
      await page.locator('[data-static-form]').waitFor()
      await page.evaluate(() => document.fonts.ready)
      const prerendered = await formBoxes(page)
      expect(prerendered).toHaveLength(9) // four labels, three inputs, the select, the button
      release()
      await page.waitForFunction(
        () =>
          !document.querySelector('demo-request')?.shadowRoot?.querySelector('[data-static-form]'),
      )
      await page.getByRole('button', { name: formCopy.submit, exact: true }).waitFor()
      expect(await formBoxes(page)).toEqual(prerendered)
      expect(
        await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts),
      ).toEqual([])
      expect(pageErrors).toEqual([])
      await close()
    })
  }

  it('without JavaScript, shows the fields at their final size and says sending needs it', async () => {
    const live = await openSitePage(browser, { width: 360 })
    await visit(live.page, '/request-demo')
    await live.page.getByRole('button', { name: formCopy.submit, exact: true }).waitFor()
    const liveBoxes = await formBoxes(live.page)
    await live.close()

    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 800 },
    })
    const page = await context.newPage()
    await page.goto(siteUrl('/request-demo'))
    for (const name of requiredFieldNames) {
      const { label } = formCopy.fields[name]
      expect(await page.getByLabel(label).isVisible(), label).toBe(true)
    }
    // Text locators skip <noscript>, so the note is found by its role.
    const note = page.locator('demo-request [role="note"]')
    expect(await note.textContent()).toBe(formCopy.needsJavaScript)
    expect(await note.isVisible()).toBe(true)
    const privacy = page.locator('demo-request').getByRole('link', { name: formCopy.privacy.link })
    expect(await privacy.getAttribute('href')).toBe('/privacy')
    // Same boxes as the live form: the note only adds a line below the notice.
    expect(await formBoxes(page)).toEqual(liveBoxes)
    // A visitor may type (the same form takes what was typed over where scripts run), but the
    // button sends nothing: no field leaves in a query string.
    await page.getByLabel(formCopy.fields.firstName.label).fill(sampleLead.firstName)
    await page.getByRole('button', { name: formCopy.submit, exact: true }).click()
    expect(page.url()).toBe(siteUrl('/request-demo'))
    await context.close()
  })
})
