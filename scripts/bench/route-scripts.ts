import { readFile } from 'node:fs/promises'
import type { Browser } from 'playwright-core'

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}=["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1]

/** The scripts a page's HTML loads before anything runs: module scripts and modulepreloads. */
export async function staticScripts(htmlFile: string): Promise<string[]> {
  const html = await readFile(htmlFile, 'utf8')
  const scripts = (html.match(/<script\b[^>]*>/gi) ?? []).map((tag) => attribute(tag, 'src'))
  const preloads = (html.match(/<link\b[^>]*>/gi) ?? [])
    .filter((tag) => attribute(tag, 'rel') === 'modulepreload')
    .map((tag) => attribute(tag, 'href'))
  return [...new Set([...scripts, ...preloads].filter((src) => src !== undefined))]
}

/** The paths of every script a page fetches in Chromium until the network is idle. */
export async function loadedScripts(browser: Browser, url: string): Promise<string[]> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const paths: string[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) {
        paths.push(new URL(response.url()).pathname)
      }
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    return [...new Set(paths)]
  } finally {
    await context.close()
  }
}
