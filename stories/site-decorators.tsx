import serifUrl from '@fontsource/source-serif-4/files/source-serif-4-latin-600-normal.woff2?url'
import interUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import type { Decorator } from '@storybook/react-vite'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import siteStyles from '../site/styles/index.css?inline'
import { brandFonts, fontFaceCss, tokenDeclarations } from '../src/styles/design-tokens.ts'

const fontUrls: Record<string, string> = {
  [brandFonts[0].file]: interUrl,
  [brandFonts[1].file]: serifUrl,
}

// The site's page head puts the fonts and tokens on :root (site/design-tokens-plugin.ts); here
// they come with the site's CSS, and all leave with the story, so the form's stories stay plain.
const siteCss = `${fontFaceCss((face) => fontUrls[face.file] ?? '')}\n:root {\n${tokenDeclarations()}\n}\n${siteStyles}`

/** The site's stylesheet and design tokens, while the story is shown. */
export const withSiteStyles: Decorator = (Story) => (
  <>
    <style>{siteCss}</style>
    <Story />
  </>
)

/** A router at `parameters.route` (default `/`), for sections that link within the site. */
export const withRouter: Decorator = (Story, { parameters }) => (
  <Router hook={memoryLocation({ path: parameters.route ?? '/' }).hook}>
    <Story />
  </Router>
)
