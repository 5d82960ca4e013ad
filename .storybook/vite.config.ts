import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Storybook's own Vite config: the root vite.config.ts builds the widget and knows only its modes.
export default defineConfig({
  plugins: [react()],
  // Stories render the site and the widget from source; both must share the one React.
  resolve: { dedupe: ['react', 'react-dom'] },
})
