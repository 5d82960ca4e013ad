/**
 * The package in a Next.js App Router app, as a partner builds one: the packed tarball installed
 * with npm, a client component that imports it at the top (Next.js renders client components on
 * the server too), and a server component page that renders it. `next build` type-checks and
 * prerenders it, `next start` serves it, and Chromium sends a lead to the local backend, which
 * allows the app's origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formCopy } from '#core/form-copy.ts'
import { chromiumForFile } from '../support/chromium.ts'
import { sendSampleLead } from '../support/sample-lead-form.ts'
import { type FrameworkApp, fallbackLink, startFrameworkApp } from './framework-app.ts'
import { devVersion } from './partner-package.ts'

// The newest Next.js when this test was written; its SWC compiler installs as an npm package
// (@next/swc-linux-x64-gnu and the like), not a download.
const nextVersion = '16.4.6'
const companyName = 'Next & Partners LLP'

let partner: FrameworkApp

// The partner's app, its backend's origin written in as a partner writes their project's URL.
const files = (backend: string): Record<string, string> => ({
  // Turbopack keeps a cache of the build on disk for the next one (about 20 MB and 3 s of a core
  // in Next.js 16.4); this app is built once and deleted.
  'next.config.mjs': `export default { experimental: { turbopackFileSystemCacheForBuild: false } }
`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'es2022',
      lib: ['dom', 'dom.iterable', 'esnext'],
      module: 'esnext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      isolatedModules: true,
      plugins: [{ name: 'next' }],
    },
    include: ['next-env.d.ts', '**/*.ts', '**/*.tsx'],
    exclude: ['node_modules'],
  }),
  'app/layout.tsx': `import type { ReactNode } from 'react'

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
`,
  // The partner's own client component: the import at the top, as the partner wrote it.
  // React 19 attaches a custom element's \`on<event>\` props only after its first client render,
  // not in hydration (react/react#35446): a server-rendered page listens through a ref.
  'app/contact-form.tsx': `'use client'
import 'demo-request'
import { useEffect, useRef, useState } from 'react'

export function ContactForm({ backend }: { backend: string }) {
  const form = useRef<HTMLElementTagNameMap['demo-request']>(null)
  const [requestId, setRequestId] = useState<string>()
  useEffect(() => {
    const element = form.current
    const heard = (event: HTMLElementEventMap['demo-request-success']) =>
      setRequestId(event.detail.requestId)
    element?.addEventListener('demo-request-success', heard)
    return () => element?.removeEventListener('demo-request-success', heard)
  }, [])
  return (
    <>
      <demo-request ref={form} supabase-url={backend} source="partner-next">
        <a href="/request-demo">${fallbackLink}</a>
      </demo-request>
      {requestId && <p id="heard">{requestId}</p>}
    </>
  )
}
`,
  'app/page.tsx': `import { ContactForm } from './contact-form'

export default function Home() {
  return (
    <main>
      <h1>A Next.js partner</h1>
      <ContactForm backend="${backend}" />
    </main>
  )
}
`,
})

beforeAll(async () => {
  partner = await startFrameworkApp('next', browser, {
    env: { NEXT_TELEMETRY_DISABLED: '1' },
    manifest: (tarball) => ({
      name: 'partner-next',
      private: true,
      dependencies: {
        'demo-request': `file:./${tarball}`,
        next: nextVersion,
        react: devVersion('react'),
        'react-dom': devVersion('react-dom'),
      },
      devDependencies: {
        '@types/node': devVersion('@types/node'),
        '@types/react': devVersion('@types/react'),
        '@types/react-dom': devVersion('@types/react-dom'),
        typescript: devVersion('typescript'),
      },
    }),
  })
  await partner.write(files(partner.backend))
}, 120_000)

afterAll(async () => {
  await partner?.stop()
})

// Declared after the app's hook, so its pages close before the servers (afterAll runs last-first).
const browser = chromiumForFile()

describe('a Next.js App Router app', () => {
  it(`builds with next ${nextVersion}: the import at the top of a client component does not break the server render`, async () => {
    await partner.install()
    await partner.run('next', ['build'])
    // Prerendered at build time: the element and its fallback, as the partner wrote them.
    const html = await partner.serve('next', [
      'start',
      '--port',
      String(partner.port),
      '--hostname',
      '127.0.0.1',
    ])
    expect(html).toContain(
      `<demo-request supabase-url="${partner.backend}" source="partner-next"><a href="/request-demo">${fallbackLink}</a></demo-request>`,
    )
  }, 240_000)

  it('shows the fallback link until the element upgrades', async () => {
    expect(await partner.fallbackShownBeforeUpgrade()).toBe(true)
  })

  it('hydrates without an error, sends a lead that is stored, and the page hears the success', async () => {
    const { tab, problems, close } = await partner.open()
    await tab.getByLabel(formCopy.fields.firstName.label).waitFor()
    // The upgraded element shows its form in place of the link.
    expect(await tab.getByRole('link', { name: fallbackLink }).isVisible()).toBe(false)
    await sendSampleLead(tab, companyName)
    // The page heard the stored lead's id.
    const requestId = await tab.locator('#heard').textContent()
    const stored = await partner.storedLeads(companyName)
    expect(stored).toHaveLength(1)
    expect(stored[0]).toContain('partner-next')
    expect(stored[0]).toContain(requestId)
    expect(problems).toEqual([])
    await close()
  })
})
