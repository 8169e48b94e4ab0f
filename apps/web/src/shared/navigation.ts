import type { createBrowserRouter, NavigateOptions, To } from 'react-router';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

let registered: AppRouter | null = null;

/**
 * The app's router, registered once by app/router.tsx. Features and layouts navigate and follow the location through
 * here: importing app/router.tsx would import the route table, which imports the layouts and features (a cycle).
 */
export function registerRouter(router: AppRouter): void {
  registered = router;
}

export function appRouter(): AppRouter {
  if (!registered) throw new Error('the router is not registered yet (app/router.tsx)');
  return registered;
}

/** Navigates, swallowing a failed or interrupted navigation (§2: "a failed push is swallowed"). */
export function navigateQuietly(to: To, options?: NavigateOptions): void {
  appRouter()
    .navigate(to, options)
    .catch(() => undefined);
}
