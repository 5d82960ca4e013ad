import type { Plugin } from 'vite'
import { tokenDeclarations } from '../src/design-tokens.ts'

/**
 * Puts the shared design tokens on `:root` in the page head, so the site's CSS and the
 * widget's shadow root read the same custom properties from the first paint.
 */
export function designTokensPlugin(): Plugin {
  return {
    name: 'site-design-tokens',
    transformIndexHtml: () => [
      {
        tag: 'style',
        attrs: { id: 'design-tokens' },
        children: `:root {\n${tokenDeclarations()}\n}`,
        injectTo: 'head-prepend',
      },
    ],
  }
}
