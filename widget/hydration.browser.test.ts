/// <reference types="mocha" />
// A server-rendered React page (Next.js, Remix) with <demo-request> in it: the server sends the
// element with its fallback link, the page's script defines the element, and React hydrates the
// markup. React's development build, which this runs, warns of any mismatch.
import { expect } from 'chai'
import { createElement, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { newRun, query, standInUrl } from '../tests/browser/widget-harness.ts'
import { waitUntil } from '../tests/support/wait-until.ts'
import { DemoRequestElement } from './demo-request-element.ts'
import './define.ts'

let hydrated = false

// The page, as the server renders it and the browser hydrates it; its effect runs once React has
// committed the hydrated tree, after any warning it had to give.
function Page({ supabaseUrl }: { supabaseUrl: string }) {
  useEffect(() => {
    hydrated = true
  }, [])
  return createElement(
    'main',
    null,
    createElement(
      'demo-request',
      { 'supabase-url': supabaseUrl, source: 'server-rendered' },
      createElement('a', { href: '/request-demo' }, 'Request a demo'),
    ),
  )
}

describe('<demo-request> in a server-rendered React page', () => {
  it('upgrades as the markup arrives, and React hydrates it without a warning', async () => {
    const url = standInUrl('success', newRun())
    const warnings: unknown[][] = []
    const { error, warn } = console
    console.error = (...args: unknown[]) => warnings.push(args)
    console.warn = (...args: unknown[]) => warnings.push(args)
    const container = document.createElement('div')
    try {
      container.innerHTML = renderToString(createElement(Page, { supabaseUrl: url }))
      document.body.append(container)
      const element = query<HTMLElement>(container, 'demo-request')
      expect(element).to.be.instanceOf(DemoRequestElement)
      const root = hydrateRoot(container, createElement(Page, { supabaseUrl: url }), {
        onRecoverableError: (cause) => warnings.push(['recoverable', cause]),
      })
      await waitUntil(() => element.shadowRoot?.querySelector('form [name="firstName"]'))
      await waitUntil(() => hydrated)
      expect(container.querySelector('demo-request a')?.textContent).to.equal('Request a demo')
      root.unmount()
    } finally {
      console.error = error
      console.warn = warn
      container.remove()
    }
    expect(warnings).to.deep.equal([])
  })
})
