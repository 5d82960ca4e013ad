import { escapeHtml } from '../supabase/functions/_shared/escape-html.ts'

/**
 * The page `/` shows until the site is built: the standalone widget script, posting to the
 * server it came from. Locally any anon key will do; the function does not check it.
 */
export function demoPage(origin: string): string {
  const url = escapeHtml(origin)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Request a demo (local backend)</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}</style>
</head>
<body>
<h1>Request a demo</h1>
<p>The widget from <code>/widget/demo-request.js</code>, sending to this server's function.</p>
<demo-request supabase-url="${url}" anon-key="local-anon-key" source="local-demo-page"></demo-request>
<script src="/widget/demo-request.js"></script>
</body>
</html>
`
}
