import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import dts from 'vite-plugin-dts'
import pkg from './package.json' with { type: 'json' }
import { demoRequestBackend } from './server/vite-plugin.ts'
import { compactRules } from './widget/compact-rules.ts'
import { copyScriptsBuild } from './widget/copy-scripts-build.ts'
import { customElementsManifest } from './widget/custom-elements-manifest.ts'
import { vscodeCustomData, webTypes } from './widget/editor-data.ts'
import { fieldsSettingPlugin } from './widget/fields-setting.ts'
import { loaderBuild } from './widget/loader-build.ts'

const outDir = 'dist/widget'
// SITE_URL, beside the usual VITE_ settings, gives the form its default privacy-url.
const envPrefix = ['VITE_', 'SITE_URL']

// A classic script of React and the form, for partner pages: `vite build --mode standalone` builds
// `demo-request.js` from widget/define.ts, and the loader's build the full widget it fetches from
// widget/full-widget.ts. Beside each, a script for each language but English, fetched when a form
// first speaks it.
const reactScript = (entry: string, fileName: string): UserConfig => ({
  envPrefix,
  plugins: [fieldsSettingPlugin(), compactRules(), copyScriptsBuild()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir,
    emptyOutDir: false,
    lib: { entry, formats: ['iife'], name: 'DemoRequest', fileName: () => fileName },
  },
})

// `vite build --mode standalone`: one script that defines the element itself, React inside.
const standalone = reactScript('widget/define.ts', 'demo-request.js')

// `vite build --mode loader`: the small script partners embed. It paints the form at once and
// fetches the full widget, built beside it under a hashed name, when the form is needed.
const loader: UserConfig = {
  envPrefix,
  plugins: [
    fieldsSettingPlugin(),
    loaderBuild(() => reactScript('widget/full-widget.ts', 'demo-request-full.js')),
  ],
  build: {
    outDir,
    emptyOutDir: false,
    // Terser, not Rolldown's minifier: 30 bytes of gzip fewer here, where 2 KiB is the budget.
    minify: 'terser',
    terserOptions: {
      ecma: 2020,
      toplevel: true,
      compress: { passes: 3, unsafe_arrows: true, pure_getters: true, booleans_as_integers: true },
    },
    lib: {
      entry: 'widget/loader.ts',
      formats: ['iife'],
      name: 'DemoRequestLoader',
      fileName: () => 'demo-request-loader.js',
    },
  },
}

// custom-elements.json and editor completion data beside the build, for editors, linters and docs.
const manifest: Plugin = {
  name: 'custom-elements-manifest',
  generateBundle() {
    const files = {
      'custom-elements.json': customElementsManifest(),
      'web-types.json': webTypes(pkg.version),
      'vscode.html-custom-data.json': vscodeCustomData(),
    }
    for (const [fileName, data] of Object.entries(files)) {
      this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(data, null, 2)}\n` })
    }
  },
}

// `vite build --mode module`: an ES module for bundlers. React is the host's (a peer dependency)
// and the package's own dependencies are left to the host's bundler, which shares them if it can.
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)].map(
  (name) => new RegExp(`^${name}($|/)`),
)
// Each language but English is a chunk of its own (src/copy/copies.ts), named by its content: the
// chunks an earlier build left are removed.
const moduleChunk = /^demo-request-module-[\w-]+\.js$/
const moduleChunks: Plugin = {
  name: 'demo-request-module-chunks',
  async writeBundle({ dir = outDir }, bundle) {
    for (const file of await readdir(dir)) {
      if (moduleChunk.test(file) && !(file in bundle)) await rm(join(dir, file))
    }
  },
}

const module: UserConfig = {
  envPrefix,
  plugins: [
    react(),
    fieldsSettingPlugin(),
    compactRules(),
    manifest,
    moduleChunks,
    // The loader's build-time virtual modules are no part of the package's types.
    dts({
      include: ['src', 'widget'],
      exclude: ['**/*.test.*', 'widget/loader-module.d.ts'],
      // package.json's imports name the shared core for the sources; the declarations, bundled
      // from dist/, need its path instead, or API Extractor follows `#core/` to the sources.
      aliases: Object.entries(pkg.imports).map(([name, path]) => ({
        find: name.replace(/\*$/, ''),
        replacement: fileURLToPath(new URL(path.replace(/\*$/, ''), import.meta.url)),
      })),
      bundleTypes: true,
    }),
  ],
  build: {
    outDir,
    emptyOutDir: false,
    lib: {
      entry: { 'demo-request': 'widget/index.ts' },
      formats: ['es'],
      fileName: () => 'demo-request.module.js',
    },
    rolldownOptions: {
      external,
      output: { chunkFileNames: 'demo-request-module-[name]-[hash].js' },
    },
  },
}

// `vite`: a plain page embedding the widget from source, with the local backend behind it.
const dev: UserConfig = {
  root: 'widget',
  plugins: [react(), fieldsSettingPlugin(), demoRequestBackend()],
}

export default defineConfig(({ command, mode }) => {
  if (command === 'serve') return dev
  if (mode === 'standalone') return standalone
  if (mode === 'module') return module
  if (mode === 'loader') return loader
  // Tools (knip, a bare `vite build`) load this file in modes of their own: not worth a crash.
  return dev
})
