import r2wc from '@r2wc/react-to-web-component'
import { DemoRequestForm } from '../src/demo-request-form.tsx'

type R2wcElement = HTMLElement & { disconnectedCallback(): void }

const ReactElement = r2wc(DemoRequestForm, {
  shadow: 'open',
  props: { supabaseUrl: 'string', anonKey: 'string', source: 'string' },
}) as unknown as new () => R2wcElement

/**
 * The `<demo-request>` element: the form in an open shadow root. Attributes `supabase-url`,
 * `anon-key` and `source` map to the form's props. Defining the class registers nothing.
 */
export class DemoRequestElement extends ReactElement {
  // A host page's own React may remove the element in the middle of its render, where React
  // forbids unmounting another root; wait for that render to end. A move (removed, then added
  // back at once) keeps the form and what the visitor typed.
  override disconnectedCallback(): void {
    queueMicrotask(() => {
      if (!this.isConnected) super.disconnectedCallback()
    })
  }
}
