import { describe, expect, it } from 'vitest'
import { startModulesAfterPaint } from './start-after-paint.ts'

const page = (head: string) =>
  `<!doctype html><html><head>${head}</head><body><div id="root">Hello</div></body></html>`

describe('startModulesAfterPaint', () => {
  it('replaces the module tags with one inline starter that names them all', () => {
    const html = startModulesAfterPaint(
      page(
        '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
          '<link rel="modulepreload" crossorigin href="/assets/react-b.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/page-c.js">',
      ),
    )
    expect(html).not.toMatch(/type="module"|modulepreload" crossorigin/)
    const starters = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    expect(starters).toHaveLength(1)
    const starter = starters[0]?.[1] ?? ''
    expect(starter).toContain('["/assets/react-b.js","/assets/page-c.js"]')
    expect(starter).toContain('import("/assets/index-a.js")')
    expect(starter).toContain('"first-contentful-paint"')
    // After the page's content, so it runs once the page is parsed.
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('Hello'))
  })

  it('refuses a page without exactly one module script', () => {
    expect(() => startModulesAfterPaint(page(''))).toThrow(
      'Expected one module script in the page, found 0',
    )
  })
})
