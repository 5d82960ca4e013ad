/**
 * Writes the static pages into dist/site after `vite build` (client) and
 * `vite build --ssr` (dist/site-ssr): each page's HTML and head, sitemap.xml and robots.txt.
 * SITE_URL sets the origin of canonical, Open Graph and sitemap URLs.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { consolePage } from './console/console-meta.ts'
import { sharePage } from './console/share/share-meta.ts'
import { headTags } from './head-tags.ts'
import { type PageMeta, pages, pageUrl, siteOrigin } from './page-meta.ts'
import { startModulesAfterPaint } from './start-after-paint.ts'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const siteDir = join(dist, 'site')
const serverEntry = join(dist, 'site-ssr', 'entry-server.js')

// `chunk`: the page's own module, for those site/routes.tsx loads lazily. `scriptsFirst`: the
// page's modules start with its HTML rather than after its first paint, for the console, whose
// prerendered shell only says it is checking: what staff wait for comes from its scripts.
const outputs: { page: PageMeta; file: string; chunk?: string; scriptsFirst?: true }[] = [
  { page: pages.home, file: 'index.html' },
  {
    page: pages.requestDemo,
    file: 'request-demo/index.html',
    chunk: 'pages/request-demo-page.tsx',
  },
  { page: pages.privacy, file: 'privacy/index.html', chunk: 'pages/legal-page.tsx' },
  { page: pages.terms, file: 'terms/index.html', chunk: 'pages/legal-page.tsx' },
  { page: pages.embed, file: 'embed/index.html', chunk: 'pages/embed-page.tsx' },
  {
    page: consolePage,
    file: 'console/index.html',
    chunk: 'pages/console-page.tsx',
    scriptsFirst: true,
  },
  { page: sharePage, file: 'share/index.html', chunk: 'pages/share-page.tsx', scriptsFirst: true },
  { page: pages.notFound, file: '404.html' },
]

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>

/**
 * Modulepreload links for a page's chunk and what it imports, beyond the main bundle's; with
 * `stylesheets`, links to the chunk's CSS too, which its import would otherwise ask for only once
 * the main bundle runs, and wait for (Vite's preload helper skips a sheet already linked).
 */
function chunkPreloads(
  manifest: Manifest,
  chunk: string | undefined,
  template: string,
  stylesheets = false,
): string {
  const files = new Set<string>()
  const sheets = new Set<string>()
  const visit = (key: string) => {
    const entry = manifest[key]
    if (!entry)
      throw new Error(`The client build has no chunk for ${key}: is site/routes.tsx in step?`)
    if (files.has(entry.file)) return
    files.add(entry.file)
    for (const sheet of entry.css ?? []) sheets.add(sheet)
    for (const imported of entry.imports ?? []) visit(imported)
  }
  if (chunk) visit(chunk)
  const links = [...files]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
  if (stylesheets) {
    links.unshift(
      ...[...sheets].map((sheet) => `<link rel="stylesheet" crossorigin href="/${sheet}">`),
    )
  }
  return links.join('\n    ')
}

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
// The stylesheet goes inline: a page then paints from its HTML alone, without waiting on a
// second request (the hosting headers allow the inline style by its hash).
async function inlineStylesheet(html: string): Promise<string> {
  const link = html.match(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/)
  if (!link) throw new Error('dist/site/index.html links no stylesheet: run the client build first')
  const css = await readFile(join(siteDir, link[1] as string), 'utf8')
  return html.replace(link[0], () => `<style>${css.trim()}</style>`)
}

const template = await inlineStylesheet(await readFile(join(siteDir, 'index.html'), 'utf8'))
const manifestFile = join(siteDir, '.vite', 'manifest.json')
const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest
await rm(dirname(manifestFile), { recursive: true })
const origin = siteOrigin(process.env.SITE_URL)

for (const { page, file, chunk, scriptsFirst } of outputs) {
  const head = [
    headTags(page, origin),
    chunkPreloads(manifest, chunk, template, scriptsFirst),
  ].filter(Boolean)
  const filled = fill(
    fill(template, 'page-head', head.join('\n    ')),
    'page-html',
    await render(page.path),
  )
  const html = scriptsFirst ? filled : startModulesAfterPaint(filled)
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
