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
  // Runs on closed networks: no telemetry, no release notes or version checks to fetch.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
}

export default config
