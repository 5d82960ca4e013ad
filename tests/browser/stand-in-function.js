// A stand-in for the send-demo-request function that the browser tests steer by URL:
// POST /stand-in/<scenario>/<run>/functions/v1/send-demo-request answers as <scenario> says,
// GET on the same path hands out a proof-of-work challenge (4 bits: solved in a few hashes),
// and GET /stand-in-log/<run> lists what that run's requests carried.
const log = new Map()
let served = 0

const json = (ctx, status, body) => {
  ctx.status = status
  ctx.type = 'application/json'
  ctx.body = JSON.stringify(body)
}

const serverError = { success: false, error: { code: 'internal', message: 'Something broke' } }

let challenges = 0
// Shaped as the function's (issued.bits.nonce.signature); the stand-in checks only that the
// proof carries one it handed out, not the hash, which is the function's own tests' business.
const challenge = () =>
  `${Math.floor(Date.now() / 1000)}.4.${String(++challenges).padStart(32, '0')}.${'0'.repeat(64)}`

const proofRefused = {
  success: false,
  error: { code: 'proof_of_work_invalid', message: 'The proof of work is refused' },
}

const scenarios = {
  ok: (ctx) => json(ctx, 200, { success: true, requestId: `request-${++served}` }),
  'slow-ok': async (ctx) => {
    await delay(600)
    scenarios.ok(ctx)
  },
  500: (ctx) => json(ctx, 500, serverError),
  'success-false': (ctx) => json(ctx, 200, serverError),
  'no-flag': (ctx) => json(ctx, 200, {}),
  invalid: (ctx) =>
    json(ctx, 400, {
      success: false,
      error: {
        code: 'invalid_fields',
        message: 'Some fields are invalid',
        fields: { companyName: 'Company name is required' },
      },
    }),
  network: (ctx) => {
    ctx.respond = false
    ctx.req.socket.destroy()
  },
  // Refuses the run's first proof, as the function does one that expired or was spent.
  'proof-once': (ctx, entries) =>
    entries.length === 1 ? json(ctx, 403, proofRefused) : scenarios.ok(ctx),
  // Answers only after the form's timeout has given up.
  hang: async (ctx) => {
    await delay(3000)
    scenarios.ok(ctx)
  },
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function readBody(req) {
  let text = ''
  for await (const chunk of req) text += chunk
  return text
}

export function standInFunction() {
  return async (ctx, next) => {
    const call = ctx.path.match(
      /^\/stand-in\/([\w-]+)\/([\w-]+)\/functions\/v1\/send-demo-request$/,
    )
    if (call && ctx.method === 'GET')
      return json(ctx, 200, { success: true, challenge: challenge() })
    if (call && ctx.method === 'POST') {
      const [, scenario, run] = call
      const entries = log.get(run) ?? []
      log.set(run, entries)
      entries.push({ headers: ctx.headers, body: JSON.parse(await readBody(ctx.req)) })
      return scenarios[scenario](ctx, entries)
    }
    const read = ctx.path.match(/^\/stand-in-log\/([\w-]+)$/)
    if (read) return json(ctx, 200, log.get(read[1]) ?? [])
    return next()
  }
}
