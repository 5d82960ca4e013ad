import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
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
