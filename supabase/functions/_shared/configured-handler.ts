import { createDemoRequestHandler, type DemoRequestHandler } from './demo-request-handler.ts'
import type { DemoRequestStore } from './demo-request-store.ts'
import type { FunctionConfig } from './function-config.ts'
import type { Notifier } from './notifier.ts'
import { requireApiKey } from './require-api-key.ts'
import { createResendNotifier } from './resend-notifier.ts'

/** The email notifier when `RESEND_API_KEY` and `NOTIFY_EMAIL_TO` are set, else `null`. */
export function configuredNotifier(config: Pick<FunctionConfig, 'email'>): Notifier | null {
  return config.email === null ? null : createResendNotifier(config.email)
}

/** The handler on `store`, with the keys, origins, limits and notifier the settings name. */
export function createConfiguredHandler(
  config: FunctionConfig,
  store: DemoRequestStore,
): DemoRequestHandler {
  const handler = createDemoRequestHandler({
    store,
    notifier: configuredNotifier(config),
    allowedOrigins: config.allowedOrigins,
    rateLimit: config.rateLimit,
    notifyTimeoutMs: config.notifyTimeoutMs,
  })
  return config.apiKeys === null ? handler : requireApiKey(handler, config.apiKeys)
}
