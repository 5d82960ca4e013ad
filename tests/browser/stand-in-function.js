// A stand-in for the send-demo-request function that the browser tests steer by URL:
// POST /stand-in/<reply>/<run>/functions/v1/send-demo-request answers with that reply from
// tests/support/function-replies.js, GET on the same path hands out a proof-of-work challenge,
// and GET /stand-in-log/<run> lists what that run's requests carried. A page's funnel batch, POST
// …/send-demo-request/events, is answered 204 as the function does, and listed, its body as it
// came, by GET /stand-in-events/<run>.
import { functionReplies, standInChallenge } from '../support/function-replies.js'

const log = new Map()
const batches = new Map()

const json = (ctx, status, body) => {
  ctx.status = status
  ctx.type = 'application/json'
  ctx.body = JSON.stringify(body)
}

async function answer(ctx, reply, calls) {
  if (reply.drop) {
    ctx.respond = false
    ctx.req.socket.destroy()
    return
  }
  if (reply.never) {
    // Held until the form gives up and closes the connection.
    await new Promise((resolve) => ctx.req.socket.once('close', resolve))
    ctx.respond = false
    return
  }
  if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs))
  const { status, body } = calls === 1 && reply.first ? reply.first : reply
  json(ctx, status, body)
}

async function readBody(req) {
  let text = ''
  for await (const chunk of req) text += chunk
  return text
}

export function standInFunction() {
  return async (ctx, next) => {
    const beacon = ctx.path.match(
      /^\/stand-in\/[\w-]+\/([\w-]+)\/functions\/v1\/send-demo-request\/events$/,
    )
    if (beacon && ctx.method === 'POST') {
      const entries = batches.get(beacon[1]) ?? []
      batches.set(beacon[1], entries)
      entries.push({ headers: ctx.headers, body: await readBody(ctx.req) })
      ctx.status = 204
      return
    }
    const events = ctx.path.match(/^\/stand-in-events\/([\w-]+)$/)
    if (events) return json(ctx, 200, batches.get(events[1]) ?? [])
    const call = ctx.path.match(
      /^\/stand-in\/([\w-]+)\/([\w-]+)\/functions\/v1\/send-demo-request$/,
    )
    if (call && ctx.method === 'GET') return json(ctx, 200, standInChallenge())
    if (call && ctx.method === 'POST') {
      const [, name, run] = call
      const reply = functionReplies[name]
      if (!reply) return json(ctx, 404, { error: `No stand-in reply named ${name}` })
      const entries = log.get(run) ?? []
      log.set(run, entries)
      entries.push({ headers: ctx.headers, body: JSON.parse(await readBody(ctx.req)) })
      return answer(ctx, reply, entries.length)
    }
    const read = ctx.path.match(/^\/stand-in-log\/([\w-]+)$/)
    if (read) return json(ctx, 200, log.get(read[1]) ?? [])
    return next()
  }
}
