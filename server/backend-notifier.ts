import type { Notifier } from '../supabase/functions/_shared/notifier.ts'
import { createResendNotifier } from '../supabase/functions/_shared/resend-notifier.ts'
import type { BackendConfig } from './backend-config.ts'

/** The email notifier when `RESEND_API_KEY` and `NOTIFY_EMAIL_TO` are set, else `null`. */
export function backendNotifier(config: Pick<BackendConfig, 'email'>): Notifier | null {
  return config.email === null ? null : createResendNotifier(config.email)
}
