/**
 * Writes the static pages into dist/site after `vite build` (client) and
 * `vite build --ssr` (dist/site-ssr): each page's HTML and head, sitemap.xml and robots.txt.
 * SITE_URL sets the origin of canonical, Open Graph and sitemap URLs.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { headTags } from './head-tags.ts'
import { type PageMeta, pages, pageUrl, siteOrigin } from './page-meta.ts'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const siteDir = join(dist, 'site')
const serverEntry = join(dist, 'site-ssr', 'entry-server.js')

const outputs: { page: PageMeta; file: string }[] = [
  { page: pages.home, file: 'index.html' },
  { page: pages.requestDemo, file: 'request-demo/index.html' },
  { page: pages.privacy, file: 'privacy/index.html' },
  { page: pages.terms, file: 'terms/index.html' },
  { page: pages.notFound, file: '404.html' },
]

function fill(template: string, marker: string, value: string): string {
  const placeholder = `<!--${marker}-->`
  if (!template.includes(placeholder)) {
    throw new Error(`dist/site/index.html has no ${placeholder}: run the client build first`)
  }
  return template.replace(placeholder, () => value)
}

const { render } = (await import(
  pathToFileURL(serverEntry).href
)) as typeof import('./entry-server.tsx')
const template = await readFile(join(siteDir, 'index.html'), 'utf8')
const origin = siteOrigin(process.env.SITE_URL)

for (const { page, file } of outputs) {
  const html = fill(
    fill(template, 'page-head', headTags(page, origin)),
    'page-html',
    await render(page.path),
  )
  const target = join(siteDir, file)
  await mkdir(dirname(target), { recursive: true })
  await writeFile(target, html)
  console.log(`prerendered ${page.path} → dist/site/${file}`)
}

const listed = Object.values(pages).filter((page) => page.indexable)
const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${listed.map((page) => `  <url><loc>${pageUrl(origin, page)}</loc></url>`).join('\n')}
</urlset>
`
await writeFile(join(siteDir, 'sitemap.xml'), sitemap)
await writeFile(
  join(siteDir, 'robots.txt'),
  `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
)
console.log(`wrote sitemap.xml and robots.txt for ${origin}`)
