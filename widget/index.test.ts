import { expectTypeOf, it } from 'vitest'
import type { DemoRequestFormProps } from './index.ts'

// Checked by tsc: the public props are what the form takes, not what r2wc hands it.
it('keeps r2wc internals out of the public props', () => {
  expectTypeOf<DemoRequestFormProps>().not.toHaveProperty('container')
})
