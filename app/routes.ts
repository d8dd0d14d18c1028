import { flatRoutes } from '@remix-run/fs-routes'
import { type RouteConfig } from '@remix-run/route-config'

// Tests may sit next to their route (healthcheck.test.ts); they are not routes.
export default flatRoutes({ ignoredRouteFiles: ['**/*.test.{ts,tsx}'] }) satisfies RouteConfig
