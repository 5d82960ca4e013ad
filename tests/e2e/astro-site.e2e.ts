/**
 * The package in a static Astro site, as a partner builds one: the packed tarball installed with
 * npm, a page that renders `<demo-request>` with its fallback link and imports the module in a
 * `<script>` (which Astro bundles for the browser). `astro build` writes static HTML,
 * `astro preview` serves it, and Chromium sends a lead to the local backend, which allows the
 * site's origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formCopy } from '#core/form-copy.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { sendSampleLead } from '../support/sample-lead-form.ts'
import { type FrameworkApp, fallbackLink, startFrameworkApp } from './framework-app.ts'
import { devVersion } from './partner-package.ts'

// Astro 6 and later need Node 22.12; the package supports Node 20.19 too, and 5.18 is the newest
// Astro that runs there.
const astroVersion = '5.18.2'
const companyName = 'Astro & Partners LLP'

let partner: FrameworkApp

beforeAll(async () => {
  partner = await startFrameworkApp('astro', browser, {
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
    manifest: (tarball) => ({
      name: 'partner-astro',
      private: true,
      type: 'module',
      dependencies: {
        astro: astroVersion,
        'demo-request': `file:./${tarball}`,
        react: devVersion('react'),
        'react-dom': devVersion('react-dom'),
      },
    }),
  })
  await partner.write({
    'astro.config.mjs': `import { defineConfig } from 'astro/config'

export default defineConfig({ output: 'static' })
`,
    'src/pages/index.astro': `---
const backend = ${JSON.stringify(partner.backend)}
---
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>An Astro partner</title>
  </head>
  <body>
    <h1>An Astro partner</h1>
    <demo-request supabase-url={backend} source="partner-astro">
      <a href="/request-demo">${fallbackLink}</a>
    </demo-request>
    <script>
      import 'demo-request'
    </script>
  </body>
</html>
`,
  })
}, 120_000)

afterAll(async () => {
  await partner?.stop()
})

// Declared after the app's hook, so its pages close before the servers (afterAll runs last-first).
const browser = chromiumForFile()

describe('a static Astro site', () => {
  it(`builds with astro ${astroVersion}, the element and its fallback in the static HTML`, async () => {
    await partner.install()
    await partner.run('astro', ['build'])
    const html = await partner.serve('astro', [
      'preview',
      '--port',
      String(partner.port),
      '--host',
      '127.0.0.1',
    ])
    expect(html).toMatch(
      new RegExp(
        `<demo-request supabase-url="${partner.backend}" source="partner-astro">\\s*<a href="/request-demo">${fallbackLink}</a>\\s*</demo-request>`,
      ),
    )
  }, 240_000)

  it('shows the fallback link until the element upgrades', async () => {
    expect(await partner.fallbackShownBeforeUpgrade()).toBe(true)
  })

  it('upgrades the element and sends a lead that is stored', async () => {
    const { tab, problems, close } = await partner.open()
    await tab.getByLabel(formCopy.fields.firstName.label).waitFor()
    expect(await tab.getByRole('link', { name: fallbackLink }).isVisible()).toBe(false)
    await sendSampleLead(tab, companyName)
    const stored = await partner.storedLeads(companyName)
    expect(stored).toHaveLength(1)
    expect(stored[0]).toContain('partner-astro')
    expect(problems).toEqual([])
    await close()
  })
})
