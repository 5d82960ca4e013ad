import { readFile } from 'node:fs/promises'

// Serves the built widget, and a page that loads it under a strict Content-Security-Policy,
// straight from dist/ so no dev-server transform touches them.
const cspPage = (origin) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CSP</title>
<script src="/built/demo-request.js" defer></script></head>
<body><demo-request supabase-url="${origin}/stand-in/success/csp-page"></demo-request></body></html>`

export function builtFiles() {
  return async (ctx, next) => {
    if (ctx.path === '/built/strict-csp.html') {
      ctx.set('Content-Security-Policy', "default-src 'self'; style-src 'self'; script-src 'self'")
      ctx.type = 'text/html'
      ctx.body = cspPage(ctx.origin)
      return
    }
    // The scripts, and what they fetch or import from beside them: each language's words.
    const file = ctx.path.match(
      /^\/built\/(demo-request(\.module|-module-[\w-]+|-copy-[a-z]+-[0-9a-f]+)?\.js)$/,
    )
    if (!file) return next()
    ctx.type = 'application/javascript'
    ctx.body = await readFile(new URL(`../../dist/widget/${file[1]}`, import.meta.url))
  }
}
