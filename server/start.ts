// `npm start`: builds the widget and site unless SKIP_BUILD is set, then serves everything.
import { spawnSync } from 'node:child_process'
import { projectRoot } from './config.ts'
import { startLocalServer } from './local-server.ts'

if (!process.env.SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const server = await startLocalServer().catch((error: Error) => {
  // A busy port or folder is a setting to change, not a crash: one line says which.
  console.error(error.message)
  process.exit(1)
})
const { rateLimit, email, apiKeys } = server.config
console.log(`Demo-request backend on ${server.url}
  function  ${server.url}/functions/v1/send-demo-request
  data      ${server.description}
  limit     ${rateLimit.max} submissions per client per ${rateLimit.windowSeconds} s
  email     ${email ? `to ${email.to.join(', ')}` : 'off (set RESEND_API_KEY and NOTIFY_EMAIL_TO); leads stay pending'}
  apikey    ${apiKeys ? `${apiKeys.length} accepted` : 'not checked (set SUPABASE_PUBLISHABLE_KEYS or SUPABASE_ANON_KEY)'}
See the leads with: npm run leads`)

// A second Ctrl-C, with the handler gone, stops at once.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close().finally(() => process.exit(0)))
}
