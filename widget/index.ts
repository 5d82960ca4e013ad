/** The ES module build for bundlers: importing it registers `<demo-request>`. */
import './define.ts'

export type { DemoRequestErrorKind, DemoRequestEventMap } from '../src/demo-request-events.ts'
export type { DemoRequestFormProps, DemoRequestValues } from '../src/demo-request-form.tsx'
export { DemoRequestForm } from '../src/demo-request-form.tsx'
export type { DemoRequest, DemoRequestSubmission } from '../src/demo-request-schema.ts'
export { validateDemoRequest } from '../src/demo-request-schema.ts'
export type { FunctionsInvoker } from '../src/functions-client.ts'
export type { DemoRequestPrefill } from '../src/prefill-values.ts'
export type { DemoRequestHTMLElement } from './define.ts'
export { DemoRequestElement } from './demo-request-element.ts'
export { tagName } from './element-api.ts'
export type {
  DemoRequestAttributes,
  DemoRequestJsxProps,
  DemoRequestReactEvents,
} from './framework-types.ts'
