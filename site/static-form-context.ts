import { createContext } from 'react'

/**
 * The form as static HTML and CSS (src/form/static-form.ts), given while prerendering only: the
 * page puts it in a declarative shadow root, and the browser, which never has it, hydrates without.
 */
export const StaticFormContext = createContext<{ html: string; css: string } | undefined>(undefined)
