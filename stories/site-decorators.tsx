import type { Decorator } from '@storybook/react-vite'
import { MemoryRouter } from 'react-router'
import siteStyles from '../site/styles/index.css?inline'
import { tokenDeclarations } from '../src/design-tokens.ts'

// The site's page head puts the tokens on :root (site/design-tokens-plugin.ts); here they
// come with the site's CSS, and both leave with the story, so the form's stories stay plain.
const siteCss = `:root {\n${tokenDeclarations()}\n}\n${siteStyles}`

/** The site's stylesheet and design tokens, while the story is shown. */
export const withSiteStyles: Decorator = (Story) => (
  <>
    <style>{siteCss}</style>
    <Story />
  </>
)

/** A router at `parameters.route` (default `/`), for sections that link with react-router. */
export const withRouter: Decorator = (Story, { parameters }) => (
  <MemoryRouter initialEntries={[parameters.route ?? '/']}>
    <Story />
  </MemoryRouter>
)
