// `npm start`: builds the widget and site if a source changed since the last build (never with
// SKIP_BUILD set), then serves everything.
import { spawnSync } from 'node:child_process'
import { bookingProviders } from '#core/next-step.ts'
import { defaultIpv6Prefix } from '#shared/abuse/client-group.ts'
import { bookingWebhookPath, schedulers } from '#shared/booking/schedulers.ts'
import { checkBuild } from './build-freshness.ts'
import { type BackendConfig, projectRoot, readBackendConfig } from './config.ts'
import { consoleLinkLines } from './local-auth/console-link-command.ts'
import { startLocalServer } from './local-server.ts'

// A bad setting is a thing to change, not a crash: one line names it and says what is wrong,
// before any build. Exiting, not serving 503s as the deployed function does: here the person who
// can fix it is at this terminal, and a server that runs but refuses every lead hides the line.
let settings: BackendConfig
try {
  settings = readBackendConfig()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

if (!process.env.SKIP_BUILD) {
  const build = await checkBuild(projectRoot)
  if (build.current) {
    console.log(`Build is current (${build.reason}), serving it`)
  } else {
    console.log(`Sources changed since the last build (${build.reason}): building`)
    // build:serve leaves out the module build and its type declarations, which nothing served needs.
    const run = spawnSync('npm', ['run', 'build:serve'], { cwd: projectRoot, stdio: 'inherit' })
    if (run.status !== 0) process.exit(run.status ?? 1)
  }
}

// The last line of defence: a failure outside any request (a driver's timer, say) is logged,
// and the server keeps answering rather than dropping every visitor with it.
process.on('uncaughtException', (error) =>
  console.error('Unexpected failure, still serving:', error),
)
process.on('unhandledRejection', (error) =>
  console.error('Unexpected failure, still serving:', error),
)

// Pending notifications are sent again every minute unless NOTIFY_RETRY_SECONDS says otherwise.
const defaultRetrySeconds = 60

const server = await Promise.resolve()
  .then(() =>
    startLocalServer({
      ...settings,
      notifyRetrySeconds: settings.notifyRetrySeconds ?? defaultRetrySeconds,
    }),
  )
  .catch((error: Error) => {
    // A busy port or folder is a thing to change too: one line says which.
    console.error(error.message)
    process.exit(1)
  })
const {
  allowedOrigins,
  rateLimit,
  email,
  webhook,
  notifyRetrySeconds,
  apiKeys,
  routes,
  webhookSecrets,
  schedulerApis,
} = server.config
// Which providers' signed bookings the function takes, and where they post them.
const bookings = bookingProviders
  .filter((provider) => webhookSecrets[provider] !== null)
  .map((provider) => `${server.url}/functions/v1/send-demo-request${bookingWebhookPath(provider)}`)
const secretSettings = bookingProviders.map((provider) => schedulers[provider].secretSetting)
// Whose bookings the loop reads back, for what their webhooks missed.
const readBack = bookingProviders
  .filter((provider) => schedulerApis[provider] !== null)
  .map((provider) => schedulers[provider].name)
const apiKeySettings = bookingProviders.map((provider) => schedulers[provider].api.keySetting)
const notifying = email !== null || webhook !== null
// A partner page not listed gets 403 and its visitors "Submission Failed": say so up front.
const origins = allowedOrigins.length
  ? `${server.url} and ${allowedOrigins.join(', ')}`
  : 'only its own origin: set ALLOWED_ORIGINS to let partner pages post'
console.log(`Demo-request backend on ${server.url}
  function  ${server.url}/functions/v1/send-demo-request
  data      ${server.description}
  origins   ${origins}
  hosts     ${server.hosts.join(', ')}${server.config.allowedHosts.length ? '' : ' (set ALLOWED_HOSTS to add a name)'}
  limit     ${rateLimit.max} submissions per client (an IPv4 address, an IPv6 /${rateLimit.ipv6Prefix ?? defaultIpv6Prefix}) per ${rateLimit.windowSeconds} s
  email     ${email ? `to ${email.to.join(', ')}` : 'off (set RESEND_API_KEY and NOTIFY_EMAIL_TO)'}
  webhook   ${webhook ? `to ${new URL(webhook.url).origin}` : 'off (set NOTIFY_WEBHOOK_URL and NOTIFY_WEBHOOK_SECRET)'}
  retries   ${!notifying ? 'none: leads stay pending' : notifyRetrySeconds ? `every ${notifyRetrySeconds} s` : 'off (NOTIFY_RETRY_SECONDS=0)'}
  routes    ${routes.length ? `${routes.length} rule${routes.length === 1 ? '' : 's'}` : "none: every lead gets the form's own reply (set DEMO_REQUEST_ROUTES)"}
  bookings  ${bookings.length ? bookings.join(', ') : `off (set ${secretSettings.join(' or ')})`}
  read back ${!readBack.length ? `off (set ${apiKeySettings.join(' or ')})` : notifyRetrySeconds ? `${readBack.join(' and ')} bookings every ${notifyRetrySeconds} s` : 'off (NOTIFY_RETRY_SECONDS=0): npm run notify:retry reads them'}
  apikey    ${apiKeys ? `${apiKeys.length} accepted` : 'not checked (set SUPABASE_PUBLISHABLE_KEYS or SUPABASE_ANON_KEY)'}
See the leads with: npm run leads`)

// Nobody reaches the console without this link: the person at this terminal is its owner.
// Sign-in links asked for later, and invitations, are printed here too.
await server
  .consoleLink()
  .then((link) => {
    console.log(consoleLinkLines(server.config.localOwnerEmail, link).trimEnd())
    console.log('  a fresh one: npm run console:link')
  })
  .catch((error: Error) => console.error(`No console sign-in link: ${error.message}`))

// A second Ctrl-C, with the handler gone, stops at once.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close().finally(() => process.exit(0)))
}
