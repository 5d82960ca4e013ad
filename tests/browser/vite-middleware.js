import react from '@vitejs/plugin-react'
import { createServer } from 'vite'

// The browser tests' sources (TypeScript, JSX, React's CommonJS) go through Vite in middleware
// mode, mounted in the test runner's server; the runner's own files stay with the runner.
const sourcePaths = /^\/(src|widget|tests|node_modules|@vite|@id|@fs|@react-refresh)\b/

// The test runner's own socket, which its commands module (@web/test-runner-commands) imports by
// absolute path: the runner serves it, so Vite leaves the import alone.
const testRunnerSocket = {
  name: 'test-runner-socket',
  resolveId: (id) =>
    id === '/__web-dev-server__web-socket.js' ? { id, external: true } : undefined,
}

export async function viteMiddleware() {
  const vite = await createServer({
    configFile: false,
    root: new URL('../..', import.meta.url).pathname,
    plugins: [react(), testRunnerSocket],
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // Bundled up front: a dependency Vite discovers mid-run makes it re-bundle, and the test
    // page that asked for the old bundle fails to load it.
    optimizeDeps: {
      include: [
        'react',
        'react-dom',
        'react-dom/client',
        'react-dom/server',
        'react/jsx-runtime',
        'react/jsx-dev-runtime',
        '@r2wc/react-to-web-component',
        '@supabase/functions-js',
        '@supabase/supabase-js',
        'chai',
        'goober',
        'valibot',
      ],
      // Served as is, so the socket import above keeps its absolute path.
      exclude: ['@web/test-runner-commands'],
    },
  })
  const middleware = async (ctx, next) => {
    if (!sourcePaths.test(ctx.path)) return next()
    ctx.respond = false
    const handled = await new Promise((resolve) => {
      ctx.res.once('finish', () => resolve(true))
      vite.middlewares(ctx.req, ctx.res, () => resolve(false))
    })
    if (!handled) {
      ctx.respond = true
      return next()
    }
  }
  return { middleware, close: () => vite.close() }
}
