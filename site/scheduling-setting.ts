// DEMO_REQUEST_ROUTES at build time (Node), for the privacy notice: which schedulers a route
// hands the visitor's name and email to. The function reads the same setting for the routes
// themselves; here only the providers matter, so the links never reach the site's code.
import { loadEnv, type Plugin } from 'vite'
import { parseRoutes, routesSetting } from '#shared/booking/routes.ts'
import { readFunctionConfig } from '#shared/config/function-config.ts'

/** The schedulers the routes prefill a booking page of, in the order the routes name them. */
export function schedulingProviders(value: string | undefined): string[] {
  const providers = parseRoutes(value).flatMap((route) =>
    route.kind === 'book' && route.provider !== 'link' ? [route.provider] : [],
  )
  return [...new Set(providers)]
}

/**
 * Gives the site `__DEMO_REQUEST_SCHEDULERS__` (`cal,calendly`) and `__ANALYTICS_RETENTION_DAYS__`
 * (the days the function keeps its counts, ANALYTICS_RETENTION_DAYS): constants, not settings of
 * their own. A bad value stops the build with the message the function would log.
 */
export function schedulingSettingPlugin(): Plugin {
  return {
    name: 'demo-request-scheduling',
    config(config, { mode }) {
      const root = config.envDir || config.root || process.cwd()
      const env = loadEnv(mode, root, [routesSetting, 'ANALYTICS_'])
      const providers = schedulingProviders(env[routesSetting])
      // Read as the function reads it, so the notice and the pruning say the same days.
      const { retentionDays } = readFunctionConfig((name) => env[name]).analytics
      return {
        define: {
          __DEMO_REQUEST_SCHEDULERS__: JSON.stringify(providers.join()),
          __ANALYTICS_RETENTION_DAYS__: JSON.stringify(retentionDays),
        },
      }
    },
  }
}
