import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One function upload, as the Supabase CLI sent it with `functions deploy --use-api`. */
interface FunctionUpload {
  slug: string
  /** The `metadata` part: entrypoint_path, import_map_path, verify_jwt and the like. */
  metadata: Record<string, unknown>
  /** Each uploaded file's bytes by the path the CLI named it with, relative to its workdir. */
  files: Map<string, Uint8Array>
}

/**
 * A local stand-in for the two routes of Supabase's Management API that `supabase functions
 * deploy --use-api` calls: the multipart deploy (https://supabase.com/docs/reference/api/v1-deploy-a-function)
 * and the project lookup. It records every request and every upload.
 */
export interface ManagementApiStandIn {
  /** The `api_url` to put in a CLI profile. */
  url: string
  requests: { method: string; path: string }[]
  uploads: FunctionUpload[]
  close(): Promise<void>
}

const deployPath = /^\/v1\/projects\/([a-z]{20})\/functions\/deploy$/
const projectPath = /^\/v1\/projects\/([a-z]{20})$/

export async function startManagementApiStandIn(): Promise<ManagementApiStandIn> {
  const requests: ManagementApiStandIn['requests'] = []
  const uploads: FunctionUpload[] = []

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in')
      requests.push({ method: request.method ?? '', path: url.pathname })
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(body))
      }
      const deploy = deployPath.exec(url.pathname)
      const project = projectPath.exec(url.pathname)
      if (request.method === 'POST' && deploy) {
        const slug = url.searchParams.get('slug') ?? ''
        const form = await new Request(url, {
          method: 'POST',
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        }).formData()
        const files = new Map<string, Uint8Array>()
        for (const file of form.getAll('file')) {
          if (typeof file !== 'string')
            files.set(file.name, new Uint8Array(await file.arrayBuffer()))
        }
        const metadata = JSON.parse(String(form.get('metadata') ?? '{}'))
        uploads.push({ slug, metadata, files })
        const now = Date.now()
        reply(201, {
          id: crypto.randomUUID(),
          slug,
          name: slug,
          version: uploads.length,
          status: 'ACTIVE',
          created_at: now,
          updated_at: now,
          entrypoint_path: metadata.entrypoint_path,
          import_map_path: metadata.import_map_path,
          verify_jwt: metadata.verify_jwt,
        })
      } else if (request.method === 'GET' && project) {
        reply(200, {
          id: project[1],
          ref: project[1],
          organization_id: 'stand-in',
          name: 'stand-in',
          region: 'local',
          status: 'ACTIVE_HEALTHY',
          created_at: new Date(0).toISOString(),
        })
      } else {
        reply(404, { message: `The stand-in does not answer ${request.method} ${url.pathname}` })
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    uploads,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
