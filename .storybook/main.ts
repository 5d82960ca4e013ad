import { fileURLToPath } from 'node:url'
import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: {
    name: '@storybook/react-vite',
    // Without a path the builder loads the root vite.config.ts, which builds the widget instead.
    options: {
      builder: { viteConfigPath: fileURLToPath(new URL('vite.config.ts', import.meta.url)) },
    },
  },
  // The story tests (Vitest, the addon's plugin) read no component's docs: react-docgen's Babel
  // parse of every module they load is for the Docs pages and the controls, which the static
  // build keeps.
  typescript: { reactDocgen: process.env.VITEST ? false : 'react-docgen' },
  // Runs on closed networks: no telemetry, no release notes or version checks to fetch.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
}

export default config
