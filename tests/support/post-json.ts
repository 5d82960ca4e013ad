import { Agent, request } from 'node:http'
import { text } from 'node:stream/consumers'

/** A reply as the load tests read it. */
export interface PostReply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

// The load tests send thousands of posts from the test's own process, which competes for the
// cores with the server under test: Node's http costs about a third of fetch's CPU a request
// (2,000 posts to a local server: 1.7 s of a core against 4.9), and keeps its connections alive
// as fetch does.
const agent = new Agent({ keepAlive: true })

/** POSTs `body` as JSON to a local `http:` URL; rejects only when no reply came. */
export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<PostReply> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (reply) => {
        text(reply).then(
          (replyBody) =>
            resolve({ status: reply.statusCode ?? 0, headers: reply.headers, body: replyBody }),
          reject,
        )
      },
    )
    sent.on('error', reject)
    sent.end(JSON.stringify(body))
  })
}
