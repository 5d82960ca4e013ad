import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig, mergeConfig } from 'vitest/config'
import { chromiumArgs, chromiumPath } from '../scripts/chromium-path.js'
import viteConfig from './vite.config.ts'

// Every story becomes a test: it renders, runs its play function, then axe, in Debian's Chromium.
export default mergeConfig(
  viteConfig,
  defineConfig({
    plugins: [storybookTest({ configDir: import.meta.dirname })],
    test: {
      name: 'storybook',
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({
          launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
        }),
        instances: [{ browser: 'chromium' }],
      },
    },
  }),
)
