import type { DetailedHTMLProps, HTMLAttributes } from 'react'

// React 19 passes these through as attributes of the custom element.
interface DemoRequestAttributes extends HTMLAttributes<HTMLElement> {
  'supabase-url'?: string
  'publishable-key'?: string
  'anon-key'?: string
  source?: string
  'privacy-url'?: string
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'demo-request': DetailedHTMLProps<DemoRequestAttributes, HTMLElement>
    }
  }
}
