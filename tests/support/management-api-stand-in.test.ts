import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ManagementApiStandIn, startManagementApiStandIn } from './management-api-stand-in.ts'

const ref = 'abcdefghijklmnopqrst'
let api: ManagementApiStandIn
beforeAll(async () => {
  api = await startManagementApiStandIn()
})
afterAll(() => api.close())

describe('the Management API stand-in', () => {
  it('records a multipart deploy with its metadata and files, named by path', async () => {
    const form = new FormData()
    form.append('metadata', JSON.stringify({ entrypoint_path: 'f/index.ts', verify_jwt: false }))
    form.append('file', new Blob(['export {}']), 'supabase/functions/f/index.ts')
    form.append('file', new Blob(['{}']), 'supabase/functions/f/deno.json')
    const response = await fetch(`${api.url}/v1/projects/${ref}/functions/deploy?slug=f`, {
      method: 'POST',
      body: form,
    })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ slug: 'f', status: 'ACTIVE' })
    const [upload] = api.uploads
    expect(upload?.slug).toBe('f')
    expect(upload?.metadata).toEqual({ entrypoint_path: 'f/index.ts', verify_jwt: false })
    expect([...(upload?.files.keys() ?? [])]).toEqual([
      'supabase/functions/f/index.ts',
      'supabase/functions/f/deno.json',
    ])
    expect(new TextDecoder().decode(upload?.files.get('supabase/functions/f/index.ts'))).toBe(
      'export {}',
    )
  })

  it('answers the project lookup, and 404 to anything else, recording both', async () => {
    expect((await fetch(`${api.url}/v1/projects/${ref}`)).status).toBe(200)
    expect((await fetch(`${api.url}/v1/projects/${ref}/secrets`)).status).toBe(404)
    expect(api.requests.slice(-2)).toEqual([
      { method: 'GET', path: `/v1/projects/${ref}` },
      { method: 'GET', path: `/v1/projects/${ref}/secrets` },
    ])
  })
})
