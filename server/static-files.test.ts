import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { precompress } from '../scripts/precompress.ts'
import { createStaticFiles } from './static-files.ts'

let dist: string
beforeEach(async () => {
  dist = await mkdtemp(join(tmpdir(), 'demo-request-dist-'))
  await mkdir(join(dist, 'widget'))
  await writeFile(join(dist, 'widget', 'demo-request.js'), 'console.log("widget")')
})
afterEach(() => rm(dist, { recursive: true, force: true }))

const get = async (path: string) => {
  const response = await createStaticFiles(dist)(new Request(`http://localhost:3000${path}`))
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  }
}

describe('before the site is built', () => {
  it('says how to build it', async () => {
    const page = await get('/')
    expect(page.status).toBe(404)
    expect(page.type).toMatch(/^text\/html/)
    expect(page.text).toContain('npm run build')
  })

  it('serves the widget files with a JavaScript type, and 404 for the rest', async () => {
    const widget = await get('/widget/demo-request.js')
    expect(widget).toMatchObject({ status: 200, text: 'console.log("widget")' })
    expect(widget.type).toMatch(/^text\/javascript/)
    expect((await get('/widget/missing.js')).status).toBe(404)
    expect((await get('/request-demo')).status).toBe(404)
  })
})

describe('once dist/site exists', () => {
  beforeEach(async () => {
    await mkdir(join(dist, 'site', 'request-demo'), { recursive: true })
    await mkdir(join(dist, 'site', 'assets'))
    await writeFile(join(dist, 'site', 'index.html'), 'home')
    await writeFile(join(dist, 'site', 'request-demo', 'index.html'), 'form page')
    await writeFile(join(dist, 'site', '404.html'), 'not found page')
    await writeFile(join(dist, 'site', 'assets', 'app.css'), 'body{}')
    await mkdir(join(dist, 'site', 'console'))
    await writeFile(join(dist, 'site', 'console', 'index.html'), 'console shell')
  })

  it('serves /console with its query, as a sign-in link or a shared filter leads there', async () => {
    expect(await get('/console')).toMatchObject({ status: 200, text: 'console shell' })
    expect(await get('/console?token_hash=abc&type=magiclink')).toMatchObject({
      status: 200,
      text: 'console shell',
    })
    expect(await get('/console?view=leads&status=new&q=acme')).toMatchObject({ status: 200 })
  })

  it('serves its pages, with /request-demo from request-demo/index.html', async () => {
    expect(await get('/')).toMatchObject({ status: 200, text: 'home' })
    expect(await get('/request-demo')).toMatchObject({ status: 200, text: 'form page' })
    expect(await get('/request-demo/')).toMatchObject({ status: 200, text: 'form page' })
    const css = await get('/assets/app.css')
    expect(css).toMatchObject({ status: 200, text: 'body{}' })
    expect(css.type).toMatch(/^text\/css/)
  })

  it('answers unknown paths with 404 and the site’s 404 page', async () => {
    expect(await get('/pricing')).toMatchObject({ status: 404, text: 'not found page' })
    expect(await get('/404')).toMatchObject({ status: 404, text: 'not found page' })
    expect(await get('/404.html')).toMatchObject({ status: 404, text: 'not found page' })
  })

  it('sends an index.html address to the page’s own address', async () => {
    const serve = createStaticFiles(dist)
    for (const [path, page] of [
      ['/index.html', '/'],
      ['/request-demo/index.html', '/request-demo'],
    ]) {
      const response = await serve(new Request(`http://localhost:3000${path}`))
      expect(response.status).toBe(308)
      expect(response.headers.get('location')).toBe(page)
    }
  })

  it('never serves files outside its folders', async () => {
    await writeFile(join(dist, 'secret.txt'), 'secret')
    for (const path of [
      '/..%2fsecret.txt',
      '/widget/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/widget/%2e%2e/secret.txt',
      '/widget/x/%2e%2e/%2e%2e/secret.txt',
    ]) {
      const reply = await get(path)
      expect(reply.status).toBe(404)
      expect(reply.text).not.toBe('secret')
    }
  })

  it('refuses to change anything', async () => {
    const response = await createStaticFiles(dist)(
      new Request('http://localhost:3000/', { method: 'POST', body: 'x' }),
    )
    expect(response.status).toBe(405)
  })
})

describe('compression and caching', () => {
  const script = `console.log(${JSON.stringify('widget '.repeat(400))})`
  beforeEach(async () => {
    await mkdir(join(dist, 'site', 'assets'), { recursive: true })
    await writeFile(join(dist, 'site', 'index.html'), 'home')
    await writeFile(join(dist, 'site', '404.html'), 'not found page')
    await writeFile(join(dist, 'site', 'assets', 'index-C0ffee12.js'), script)
    await writeFile(join(dist, 'widget', 'demo-request.js'), script)
    await precompress(join(dist, 'site'))
    await precompress(join(dist, 'widget'))
  })
  const serve = (path: string, headers: HeadersInit = {}) =>
    createStaticFiles(dist)(new Request(`http://localhost:3000${path}`, { headers }))

  it('sends the brotli copy to a client that takes brotli, and gzip to one that takes gzip', async () => {
    for (const [encoding, extension] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const response = await serve('/widget/demo-request.js', { 'accept-encoding': encoding })
      expect(response.headers.get('content-encoding')).toBe(encoding)
      expect(response.headers.get('vary')).toBe('Accept-Encoding')
      const onDisk = await readFile(join(dist, 'widget', `demo-request.js${extension}`))
      expect(Buffer.from(await response.arrayBuffer())).toEqual(onDisk)
    }
    const brotli = await serve('/assets/index-C0ffee12.js', { 'accept-encoding': 'gzip, br' })
    const bytes = Buffer.from(await brotli.arrayBuffer())
    expect(brotliDecompressSync(bytes).toString()).toBe(script)
  })

  it('sends the file as it is to a client that takes no encoding', async () => {
    const response = await serve('/widget/demo-request.js')
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(await response.text()).toBe(script)
  })

  it('lets a browser keep a hashed asset, and the widget files named by content, for good', async () => {
    const hashed = [
      'demo-request-full-0123456789.js',
      'demo-request-copy-es-0123456789.js',
      'demo-request-module-es-B1_x-9Qz.js',
    ]
    for (const file of hashed) await writeFile(join(dist, 'widget', file), script)
    for (const path of ['/assets/index-C0ffee12.js', ...hashed.map((file) => `/widget/${file}`)]) {
      const response = await serve(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    }
    const missing = await serve('/widget/demo-request-full-9876543210.js')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-cache')
  })

  it('has pages and the widget revalidated, and answers an unchanged one with 304', async () => {
    for (const path of ['/', '/widget/demo-request.js']) {
      const first = await serve(path, { 'accept-encoding': 'br' })
      expect(first.headers.get('cache-control')).toBe('no-cache')
      expect(first.headers.get('last-modified')).toBeTruthy()
      const etag = first.headers.get('etag') ?? ''
      expect(etag).toBeTruthy()
      const again = await serve(path, { 'accept-encoding': 'br', 'if-none-match': etag })
      expect(again.status).toBe(304)
      expect(again.headers.get('cache-control')).toBe('no-cache')
    }
  })

  it('answers a miss with the 404 page, never a 304, and no caching for good', async () => {
    const response = await serve('/assets/gone-0000.js', { 'if-none-match': '*' })
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toBe('not found page')
  })
})
