/**
 * Types that let host frameworks check and complete `<demo-request>` in their markup, derived
 * from the one description of the element (element-api.ts) and its event map.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { DemoRequestEventMap } from '../src/form/demo-request-events.ts'
import type { elementAttributes } from './element-api.ts'

/** The element's attributes, as markup sets them. */
export type DemoRequestAttributes = {
  [Attribute in (typeof elementAttributes)[number] as Attribute['name']]?: string
}

/** React 19 adds a custom element's `on<event-name>` prop as a listener for that DOM event. */
export type DemoRequestReactEvents = {
  [Name in keyof DemoRequestEventMap as `on${Name}`]?: (event: DemoRequestEventMap[Name]) => void
}

/** What `<demo-request>` takes in React 19 JSX. */
export type DemoRequestJsxProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
  DemoRequestAttributes &
  DemoRequestReactEvents

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'demo-request': DemoRequestJsxProps
    }
  }
}
