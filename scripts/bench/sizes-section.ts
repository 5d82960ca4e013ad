import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import {
  fileSizes,
  pageScripts,
  type Sizes,
  sizeBudgets,
  sumSizes,
  widgetFileBudget,
} from '../bundle-sizes.ts'
import { type BenchRow, kb, sizeText } from './bench-row.ts'
import { buildReactBaseline } from './react-baseline.ts'
import { loadedScripts } from './route-scripts.ts'

const loader = 'demo-request-loader.js'
const routes = [
  { path: '/', html: ['index.html'], target: sizeBudgets.homeScripts },
  { path: '/request-demo', html: ['request-demo/index.html', 'request-demo.html'], target: null },
]

// Small budgets in bytes: 2 KiB is 2,048 B, which one decimal of kB would blur.
const budgetText = (bytes: number) =>
  bytes < 10_000 ? `${bytes.toLocaleString('en-US')} B` : kb(bytes)

const files = (count: number) => `${count} file${count === 1 ? '' : 's'}`

const within = (size: Sizes, target: number | undefined | null) =>
  target ? size.gzip <= target : null

/**
 * Row 1: the widget files and the JavaScript each site route loads, raw, gzip 9 and brotli 11,
 * beside React and ReactDOM alone built the same way.
 */
export async function measureSizes(root: string, browser: Browser, siteUrl: string) {
  const react = await buildReactBaseline(root)
  const baseline = `React + ReactDOM alone: ${sizeText(react)}`
  const rows: BenchRow[] = []
  const row = (measure: string, value: string, target: string, meets: boolean | null) =>
    rows.push({ section: 'Size', measure, value, target, baseline, meets })

  const widgetDir = join(root, 'dist', 'widget')
  const widgetFiles = (await readdir(widgetDir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.js'))
    .sort()
  const widget: Record<string, Sizes | null> = {}
  if (!widgetFiles.includes(loader)) {
    widget[loader] = null
    row(`widget \`${loader}\``, 'not built', `≤ ${budgetText(sizeBudgets.loader)} gz`, null)
  }
  for (const name of widgetFiles) {
    const size = fileSizes(join(widgetDir, name))
    widget[name] = size
    const target = widgetFileBudget(name)
    row(
      `widget \`${name}\``,
      sizeText(size),
      target ? `≤ ${budgetText(target)} gz` : '—',
      within(size, target),
    )
  }

  const siteDir = join(root, 'dist', 'site')
  const routeData = []
  for (const route of routes) {
    const html = route.html.find((file) => existsSync(join(siteDir, file)))
    if (html === undefined) {
      row(`route \`${route.path}\` JS`, 'not built', '—', null)
      continue
    }
    // The modules the page starts and their static imports, as the browser asks for them.
    const initial = pageScripts(siteDir, html).map((path) => `/${path}`)
    const loaded = await loadedScripts(browser, new URL(route.path, siteUrl).href)
    const lazy = loaded.filter((path) => !initial.includes(path))
    const sizeOf = (paths: string[]) =>
      sumSizes(paths.map((path) => fileSizes(join(siteDir, path))))
    const [initialSize, lazySize] = [sizeOf(initial), sizeOf(lazy)]
    const all = sumSizes([initialSize, lazySize])
    const target = route.target ? `≤ ${budgetText(route.target)} gz` : '—'
    row(
      `route \`${route.path}\` JS, initial (started after the first paint, ${files(initial.length)})`,
      sizeText(initialSize),
      target,
      within(initialSize, route.target),
    )
    row(
      `route \`${route.path}\` JS, all Chromium loaded (+ ${lazy.length} lazy: ${lazy.map((path) => path.replace(/^.*\//, '')).join(', ') || 'none'})`,
      sizeText(all),
      target,
      within(all, route.target),
    )
    routeData.push({ path: route.path, initial, lazy, initialSize, lazySize, all })
  }
  return { rows, data: { reactBaseline: react, widget, routes: routeData } }
}
