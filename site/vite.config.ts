import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { fieldsSettingPlugin } from '../widget/fields-setting.ts'
import { designTokensPlugin } from './design-tokens-plugin.ts'
import { schedulingSettingPlugin } from './scheduling-setting.ts'

const site = fileURLToPath(new URL('.', import.meta.url))
const repo = fileURLToPath(new URL('..', import.meta.url))

// Client build → dist/site; `--ssr site/entry-server.tsx` → dist/site-ssr, read by prerender.ts.
export default defineConfig(({ isSsrBuild }) => ({
  root: site,
  envDir: repo,
  // SITE_URL gives the embed guide's snippet the main site's address.
  envPrefix: ['VITE_', 'SITE_URL'],
  plugins: [react(), fieldsSettingPlugin(), schedulingSettingPlugin(), designTokensPlugin()],
  // The widget is bundled from source with the site, so both must resolve the one React.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: `${repo}dist/${isSsrBuild ? 'site-ssr' : 'site'}`,
    emptyOutDir: true,
    target: 'es2022',
    // Read by prerender.ts, which preloads each page's own chunk, then deletes it.
    manifest: !isSsrBuild,
    modulePreload: {
      // The console's scripts are not named in the bundle every visitor loads: its prerendered
      // page preloads them itself (prerender.ts), and staff reach it by a link or its address,
      // not by a click on the site. Its stylesheet stays, as the import is what inserts it.
      resolveDependencies: (file, deps) =>
        /(^|\/)console-page-[^/]*\.js$/.test(file)
          ? deps.filter((dep) => dep.endsWith('.css'))
          : deps,
    },
  },
}))
