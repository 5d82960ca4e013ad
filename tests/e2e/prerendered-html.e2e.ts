import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { formCopy } from '#core/form-copy.ts'
import { requiredFieldNames } from '#core/lead-fields.ts'
import { brand, company, siteCopy } from '../../site/site-copy.ts'
import { decodeEntities, htmlText } from './html-text.ts'

// Read straight from the build, as a crawler or a visitor without JavaScript gets it.
const dist = new URL('../../dist/site/', import.meta.url)
const read = (file: string) => readFile(new URL(file, dist), 'utf8')

// Read back as a browser reads them, so the checks hold whichever way head-tags.ts escapes;
// a character left unescaped ends the match early and fails it.
const titleOf = (head: string) => decodeEntities(head.match(/<title>([^<]*)<\/title>/)?.[1] ?? '')
const metaContent = (head: string, key: string) =>
  decodeEntities(head.match(new RegExp(`<meta ${key} content="([^"]*)" />`))?.[1] ?? '')

function expectHead(html: string, title: string, description: string) {
  const head = html.slice(0, html.indexOf('</head>'))
  expect(titleOf(head)).toBe(title)
  expect(metaContent(head, 'name="description"')).toBe(description)
  expect(metaContent(head, 'property="og:title"')).toBe(title)
  expect(metaContent(head, 'property="og:description"')).toBe(description)
  expect(head).toContain('<link rel="icon" href="/favicon.svg"')
  // The design tokens are on :root from the first paint, and the brand fonts preloaded.
  expect(head).toContain('--demo-request-color-primary')
  expect(
    head.match(
      /<link rel="preload" href="\/assets\/[^"]+\.woff2" as="font" type="font\/woff2" crossorigin="">/g,
    ),
  ).toHaveLength(2)
  expect(head).toContain('font-display: optional')
}

describe('prerendered HTML', () => {
  it('home has every section, heading and claim before any script runs', async () => {
    const html = await read('index.html')
    const text = htmlText(html)
    expectHead(html, siteCopy.meta.home.title, siteCopy.meta.home.description)
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/"/)
    expect(html).toMatch(/<h1[^>]*>More Cases\. Less Stress\. Better Margins\.<\/h1>/)
    for (const id of ['platform', 'solutions', 'customers', 'security', 'company']) {
      expect(html).toContain(`id="${id}"`)
      expect(html).toContain(`href="#${id}"`)
    }
    const { hero, platform, solutions, customers, security, compliance, footer } = siteCopy
    const copy = [
      ...hero.claims,
      platform.heading,
      solutions.heading,
      customers.heading,
      security.heading,
      compliance.heading,
      ...solutions.cards.flatMap((card) => [card.title, ...card.features]),
      ...customers.audiences.map((audience) => audience.title),
      ...security.cards.map((card) => card.title),
      ...compliance.items,
      ...footer.platform.links.map((link) => link.label),
      ...footer.company.links.map((link) => link.label),
      ...footer.legal.map((link) => link.label),
      '© 2024',
    ]
    for (const line of copy) expect(text).toContain(line)
    expect(text.match(/Learn More/g)).toHaveLength(4)
    expect(html).toContain('href="/request-demo"')
    for (const { label, to } of footer.legal) {
      expect(html).toMatch(new RegExp(`<a href="${to}"[^>]*>${label}</a>`))
    }
  })

  it('request-demo has its heading, subtitle, card and the element', async () => {
    const html = await read('request-demo/index.html')
    const text = htmlText(html)
    const { requestDemo, meta } = siteCopy
    expectHead(html, meta.requestDemo.title, meta.requestDemo.description)
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/request-demo"/)
    expect(html).toMatch(/<h1[^>]*>Request a Demo<\/h1>/)
    // docs/requirements.md#copy: "the product" stands for the brand's name.
    expect(text).toContain(
      `See how ${brand.name} can transform your legal practice with AI-augmented services`,
    )
    expect(text).toContain('Tell us about your practice')
    expect(text).toContain(requestDemo.cardText)
    // The element, with the form prerendered in its declarative shadow root.
    expect(html).toMatch(
      /<demo-request source="site" privacy-url="\/privacy"><template shadowrootmode="open"><style>[^<]+<\/style><div class="[^"]+" data-static-form>/,
    )
    // The four fields every form has (the build sets no contact fields).
    for (const name of requiredFieldNames.filter((field) => field !== 'companySize')) {
      const { label, placeholder } = formCopy.fields[name]
      expect(text).toContain(label)
      expect(html).toContain(`placeholder="${placeholder}"`)
    }
    expect(html).toContain(`<option value="">${formCopy.fields.companySize.placeholder}</option>`)
    expect(text).toContain(formCopy.needsJavaScript)
  })

  it('privacy and terms are there before any script runs', async () => {
    for (const [file, page, meta] of [
      ['privacy/index.html', siteCopy.privacy, siteCopy.meta.privacy],
      ['terms/index.html', siteCopy.terms, siteCopy.meta.terms],
    ] as const) {
      const html = await read(file)
      const text = htmlText(html)
      expectHead(html, meta.title, meta.description)
      expect(html).toMatch(new RegExp(`<h1[^>]*>${page.heading}</h1>`))
      for (const section of page.sections) expect(text).toContain(section.heading)
    }
    expect(htmlText(await read('privacy/index.html'))).toContain(company.privacyEmail)
  })

  it('404 says so, links home and is kept out of search results', async () => {
    const html = await read('404.html')
    const text = htmlText(html)
    expectHead(html, siteCopy.meta.notFound.title, siteCopy.meta.notFound.description)
    expect(html).toContain('<meta name="robots" content="noindex" />')
    expect(html).not.toContain('rel="canonical"')
    expect(text).toContain('404')
    expect(html).toMatch(/<h1[^>]*>Oops! Page not found<\/h1>/)
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Return to Home<\/a>/)
  })

  it('sitemap.xml lists the five pages and robots.txt points at it', async () => {
    const sitemap = await read('sitemap.xml')
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locations.map((location) => new URL(location ?? '').pathname)).toEqual([
      '/',
      '/request-demo',
      '/privacy',
      '/terms',
      '/embed',
    ])
    const robots = await read('robots.txt')
    expect(robots).toContain(`Sitemap: ${new URL(locations[0] ?? '').origin}/sitemap.xml`)
    expect(await read('favicon.svg')).toContain('<svg')
  })
})
