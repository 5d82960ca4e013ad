import type { Preview } from '@storybook/react-vite'

const preview: Preview = {
  parameters: {
    // Every story is checked with axe; a violation fails its test rather than only warning.
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
}

export default preview
