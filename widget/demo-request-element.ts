import r2wc from '@r2wc/react-to-web-component'
import { DemoRequestForm } from '../src/demo-request-form.tsx'

/**
 * The `<demo-request>` element: the form in an open shadow root. Attributes `supabase-url`,
 * `anon-key` and `source` map to the form's props. Defining the class registers nothing.
 */
export const DemoRequestElement = r2wc(DemoRequestForm, {
  shadow: 'open',
  props: { supabaseUrl: 'string', anonKey: 'string', source: 'string' },
})
