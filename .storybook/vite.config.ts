import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { fieldsSettingPlugin } from '../widget/fields-setting.ts'
import { bookingStandInPages } from './booking-stand-in-pages.ts'

// Storybook's own Vite config: the root vite.config.ts builds the widget and knows only its modes.
export default defineConfig({
  // DEMO_REQUEST_FIELDS gives the stories' form its default fields, as it does the widget's;
  // the booking panel's stories frame stand-in booking pages served from Storybook's origin.
  plugins: [react(), fieldsSettingPlugin(), bookingStandInPages()],
  // Stories render the site and the widget from source; both must share the one React.
  resolve: { dedupe: ['react', 'react-dom'] },
})
