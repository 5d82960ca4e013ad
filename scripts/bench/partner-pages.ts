// The pages the start-up runs load: a partner's contact page embedding the widget (standalone,
// or through the loader), and the same page with a plain HTML form as the baseline.

// Runs before anything else on the page: records when the first field has a size (polled every
// frame) and when the element says it is ready, both from navigation start.
const probe = (field: string) => `<script>
window.__bench = { visible: null, ready: null }
addEventListener('demo-request-ready', () => { window.__bench.ready ??= performance.now() }, true)
;(function poll() {
  const input = ${field}
  const box = input && input.getBoundingClientRect()
  if (box && box.width > 0 && box.height > 0) window.__bench.visible = performance.now()
  else requestAnimationFrame(poll)
})()
</script>`

const widgetField = `document.querySelector('demo-request')?.shadowRoot?.querySelector('input')`
const plainField = `document.querySelector('#plain-form input')`

function partnerPage(head: string, form: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Contact us — Partner & Co.</title>
${head}
<style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; }</style>
</head>
<body>
<header><strong>Partner &amp; Co.</strong> <nav><a href="/">Home</a> · <a href="/about">About</a></nav></header>
<main>
<h1>Book a demo</h1>
<p>Tell us about your practice and we will be in touch within one business day.</p>
${form}
</main>
<footer>© Partner &amp; Co.</footer>
</body>
</html>
`
}

const element = (origin: string) =>
  `<demo-request supabase-url="${origin}" anon-key="bench-anon-key" source="partner-bench"></demo-request>`

/** A partner page embedding the widget by one script tag, as the README and docs/embedding.md show. */
export const widgetPage = (scriptPath: string, origin: string) =>
  partnerPage(`${probe(widgetField)}\n<script src="${scriptPath}" defer></script>`, element(origin))

/** The same page with the same four fields and a button as plain HTML: no script at all. */
export const plainFormPage = () =>
  partnerPage(
    probe(plainField),
    `<form id="plain-form" action="/thanks" method="post">
<p><label for="first">First Name</label><br /><input id="first" name="firstName" required /></p>
<p><label for="last">Last Name</label><br /><input id="last" name="lastName" required /></p>
<p><label for="company">Company Name</label><br /><input id="company" name="companyName" required /></p>
<p><label for="size">Company Size</label><br /><select id="size" name="companySize" required>
<option value="">Select company size</option><option>1-5 employees</option><option>6-50 employees</option>
<option>50-200 employees</option><option>200+ employees</option></select></p>
<p><button type="submit">Request Demo</button></p>
</form>`,
  )
