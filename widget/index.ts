/** The ES module build for bundlers: importing it registers `<demo-request>`. */
import './define.ts'

export type { DemoRequest, DemoRequestSubmission } from '#core/demo-request-schema.ts'
export { validateDemoRequest } from '#core/demo-request-schema.ts'
export type { DemoRequestErrorKind, DemoRequestEventMap } from '../src/form/demo-request-events.ts'
export { DemoRequestForm } from '../src/form/demo-request-form.tsx'
export type {
  DemoRequestFormProps,
  DemoRequestValues,
} from '../src/form/demo-request-form-props.ts'
export type { DemoRequestPrefill } from '../src/form/prefill-values.ts'
export type { FunctionsInvoker } from '../src/submission/functions-client.ts'
export type { DemoRequestHTMLElement } from './define.ts'
export { DemoRequestElement } from './demo-request-element.ts'
export { tagName } from './element-api.ts'
export type {
  DemoRequestAttributes,
  DemoRequestJsxProps,
  DemoRequestReactEvents,
} from './framework-types.ts'
