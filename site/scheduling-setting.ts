// DEMO_REQUEST_ROUTES at build time (Node), for the privacy notice: which schedulers a route
// hands the visitor's name and email to. The function reads the same setting for the routes
// themselves; here only the providers matter, so the links never reach the site's code.
import { loadEnv, type Plugin } from 'vite'
import { parseRoutes, routesSetting } from '../supabase/functions/_shared/booking/routes.ts'

/** The schedulers the routes prefill a booking page of, in the order the routes name them. */
export function schedulingProviders(value: string | undefined): string[] {
  const providers = parseRoutes(value).flatMap((route) =>
    route.kind === 'book' && route.provider !== 'link' ? [route.provider] : [],
  )
  return [...new Set(providers)]
}

/**
 * Gives the site `import.meta.env.SCHEDULING_PROVIDERS` (`cal,calendly`). A bad value stops the
 * build with the message the function would log.
 */
export function schedulingSettingPlugin(): Plugin {
  return {
    name: 'demo-request-scheduling',
    config(config, { mode }) {
      const env = loadEnv(mode, config.envDir || config.root || process.cwd(), routesSetting)
      const providers = schedulingProviders(env[routesSetting])
      return {
        define: { 'import.meta.env.SCHEDULING_PROVIDERS': JSON.stringify(providers.join()) },
      }
    },
  }
}
