import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename } from 'node:path'
import type { Plugin } from 'vite'
import { brandFonts, fontFaceCss, tokenDeclarations } from '../src/design-tokens.ts'

const require = createRequire(import.meta.url)

/**
 * Puts the shared design tokens on `:root` in the page head, so the site's CSS and the
 * widget's shadow root read the same custom properties from the first paint; with them the
 * brand fonts' `@font-face` rules and a preload for each face, which the build copies from npm.
 */
export function designTokensPlugin(): Plugin {
  let building = false
  return {
    name: 'site-design-tokens',
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr
    },
    buildStart() {
      if (!building) return
      for (const face of brandFonts) {
        const path = require.resolve(face.file)
        this.emitFile({ type: 'asset', name: basename(path), source: readFileSync(path) })
      }
    },
    // After bundling, when the fonts' hashed names are known.
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        // Built: the hashed copies under /assets. Served by Vite: the files where npm put them.
        const urlOf = (file: string) => {
          const name = basename(file)
          const asset = Object.values(bundle ?? {}).find(
            (output) => output.type === 'asset' && output.names.includes(name),
          )
          return asset ? `/${asset.fileName}` : `/@fs${require.resolve(file)}`
        }
        const preloads = brandFonts.map(
          (face) =>
            `<link rel="preload" href="${urlOf(face.file)}" as="font" type="font/woff2" crossorigin="">`,
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
