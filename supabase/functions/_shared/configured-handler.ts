import type { AfterReply } from './after-reply.ts'
import { createDemoRequestHandler, type DemoRequestHandler } from './demo-request-handler.ts'
import type { DemoRequestStore } from './demo-request-store.ts'
import type { FunctionConfig } from './function-config.ts'
import {
  createNotificationDispatcher,
  type NotificationDispatcher,
} from './notification-dispatcher.ts'
import type { NotificationStore } from './notification-store.ts'
import type { Notifier } from './notifier.ts'
import { createNotifyRetryHandler, isRetryPath } from './notify-retry-handler.ts'
import { createProofGate } from './proof-gate.ts'
import type { ProofStore } from './proof-store.ts'
import { windowStart } from './rate-limit.ts'
import { requireApiKey } from './require-api-key.ts'
import { createResendNotifier } from './resend-notifier.ts'
import { createWebhookNotifier } from './webhook-notifier.ts'

/** The stores the function works on. */
export interface FunctionStores {
  store: DemoRequestStore
  notifications: NotificationStore
  /** Spent proofs, and the window totals the difficulty follows. */
  proofs: ProofStore
}

type NotifierSettings = Pick<FunctionConfig, 'email' | 'webhook'>

/** The notifiers the settings name: email, a signed webhook, both or none. */
function configuredNotifiers(config: NotifierSettings): Notifier[] {
  return [
    ...(config.email === null ? [] : [createResendNotifier(config.email)]),
    ...(config.webhook === null ? [] : [createWebhookNotifier(config.webhook)]),
  ]
}

/** The dispatcher over the configured notifiers; with none it sends nothing. */
export function createConfiguredDispatcher(
  config: NotifierSettings & Pick<FunctionConfig, 'notifyTimeoutMs'>,
  notifications: NotificationStore,
): NotificationDispatcher {
  return createNotificationDispatcher({
    store: notifications,
    notifiers: configuredNotifiers(config),
    timeoutMs: config.notifyTimeoutMs,
  })
}

function proofGate(config: FunctionConfig, stores: FunctionStores) {
  if (!config.proofOfWork) return null
  return createProofGate({
    clientKeySecret: stores.store.clientKeySecret,
    proofs: stores.proofs,
    rateLimit: config.rateLimit,
    bits: config.proofOfWork,
  })
}

/**
 * The function as the settings describe it: leads at its path, and the retry endpoint at
 * `…/retry`. `afterReply` is where notifications go after the reply (see after-reply.ts).
 */
export function createConfiguredHandler(
  config: FunctionConfig,
  stores: FunctionStores,
  options: { afterReply?: AfterReply } = {},
): DemoRequestHandler {
  const dispatcher = createConfiguredDispatcher(config, stores.notifications)
  const handler = createDemoRequestHandler({
    store: stores.store,
    dispatch: dispatcher.dispatch,
    afterReply: options.afterReply,
    allowedOrigins: config.allowedOrigins,
    rateLimit: config.rateLimit,
    proofOfWork: proofGate(config, stores),
    fields: config.fields,
  })
  // The retry endpoint has its own secret; leads need the project's key.
  const acceptLeads = config.apiKeys === null ? handler : requireApiKey(handler, config.apiKeys)
  const retry = createNotifyRetryHandler({
    dispatcher,
    secret: config.retrySecret,
    pruneRateLimits: () =>
      stores.store.pruneRateLimits(windowStart(new Date(), config.rateLimit.windowSeconds)),
  })
  return (request, context) =>
    isRetryPath(request.url) ? retry(request) : acceptLeads(request, context)
}
