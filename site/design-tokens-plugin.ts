import type { Plugin } from 'vite'
import {
  type BrandFont,
  brandFonts,
  type FontSubset,
  fontFaceCss,
  fontSubsets,
  tokenDeclarations,
} from '../src/styles/design-tokens.ts'
import { brandFontFiles, npmFontPath, subsetFileName } from './brand-font-files.ts'

/**
 * Puts the shared design tokens on `:root` in the page head, so the site's CSS and the
 * widget's shadow root read the same custom properties from the first paint; with them the
 * brand fonts' `@font-face` rules and a preload for each face's core subset, which the build
 * cuts from the npm files.
 */
export function designTokensPlugin(): Plugin {
  let building = false
  return {
    name: 'site-design-tokens',
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr
    },
    async buildStart() {
      if (!building) return
      for (const { name, source } of await brandFontFiles()) {
        this.emitFile({ type: 'asset', name, source })
      }
    },
    // After bundling, when the fonts' hashed names are known.
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        // Built: the hashed subsets under /assets. Served by Vite: the whole file from npm.
        const urlOf = (face: BrandFont, subset: FontSubset) => {
          const name = subsetFileName(face, subset)
          const asset = Object.values(bundle ?? {}).find(
            (output) => output.type === 'asset' && output.names.includes(name),
          )
          return asset ? `/${asset.fileName}` : `/@fs${npmFontPath(face)}`
        }
        const preloads = brandFonts.flatMap((face) =>
          fontSubsets
            .filter((subset) => subset.preload)
            .map(
              (subset) =>
                `<link rel="preload" href="${urlOf(face, subset)}" as="font" type="font/woff2" crossorigin="">`,
            ),
        )
        const style = `<style id="design-tokens">${fontFaceCss(urlOf)}\n:root {\n${tokenDeclarations()}\n}</style>`
        // Right after the charset, which must come within the first 1024 bytes, and before the
        // scripts, so the fonts are asked for first.
        const charset = '<meta charset="UTF-8" />'
        if (!html.includes(charset)) throw new Error(`site/index.html has no ${charset}`)
        return html.replace(charset, () => [charset, style, ...preloads].join('\n    '))
      },
    },
  }
}
