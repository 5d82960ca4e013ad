// `npm start`: builds the widget and site unless SKIP_BUILD is set, then serves everything.
import { spawnSync } from 'node:child_process'
import { projectRoot } from './backend-config.ts'
import { startLocalServer } from './local-server.ts'

if (!process.env.SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const server = await startLocalServer()
const { rateLimit, email } = server.config
console.log(`Demo-request backend on ${server.url}
  function  ${server.url}/functions/v1/send-demo-request
  data      ${server.description}
  limit     ${rateLimit.max} submissions per client per ${rateLimit.windowSeconds} s
  email     ${email ? `to ${email.to.join(', ')}` : 'off (set RESEND_API_KEY and NOTIFY_EMAIL_TO); leads stay pending'}
See the leads with: npm run leads`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1)
    stopping = true
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
