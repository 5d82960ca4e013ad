import type { FailureKind } from '../submission/send-demo-request.ts'

/**
 * Why a submission did not go through, or (`load`) why the form is not there: the loader could
 * not fetch the full widget and the element shows its own content instead. Never carries what the
 * visitor typed.
 */
export type DemoRequestErrorKind = 'validation' | 'load' | FailureKind

/** The DOM events `<demo-request>` dispatches; they bubble and cross shadow roots. */
export type DemoRequestEventMap = {
  'demo-request-ready': CustomEvent<Record<string, never>>
  'demo-request-submit': CustomEvent<Record<string, never>>
  'demo-request-success': CustomEvent<{ requestId: string }>
  /** The visitor booked a demo time in the panel; only the provider's signed webhook changes the lead. */
  'demo-request-booked': CustomEvent<{ requestId: string }>
  'demo-request-error': CustomEvent<{ kind: DemoRequestErrorKind }>
}

export type DemoRequestEventName = keyof DemoRequestEventMap

export function dispatchDemoRequestEvent<Name extends DemoRequestEventName>(
  target: EventTarget,
  name: Name,
  detail: DemoRequestEventMap[Name]['detail'],
): void {
  target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }))
}
