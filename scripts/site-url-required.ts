// `npm run build`'s first step. A build that names a Supabase project is meant to be deployed, and
// without SITE_URL it would write http://localhost:3000 into every canonical link, Open Graph
// tag, sitemap.xml and robots.txt without a word. `npm start` builds with `build:serve`, which
// skips this step and keeps localhost, the address it serves on.
import { fileURLToPath } from 'node:url'

/** Why `env` cannot make a build to deploy, in one line that fixes it; undefined when it can. */
export function siteUrlProblem(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.VITE_SUPABASE_URL) return undefined
  const siteUrl = env.SITE_URL
  if (!siteUrl) {
    return "SITE_URL is not set, so this build would name http://localhost:3000 as the site's address. Run: SITE_URL='https://www.your-firm.com' npm run build"
  }
  if (!URL.canParse(siteUrl) || !/^https?:$/.test(new URL(siteUrl).protocol)) {
    return `SITE_URL '${siteUrl}' is not an http(s) address. Run: SITE_URL='https://www.your-firm.com' npm run build`
  }
  return undefined
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problem = siteUrlProblem(process.env)
  if (problem) {
    console.error(problem)
    process.exit(1)
  }
}
