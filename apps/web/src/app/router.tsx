import { createBrowserRouter } from 'react-router';
import { getToken } from '../features/platform/auth/session.ts';
import { registerRouter } from '../shared/navigation.ts';
import { rememberFirstEntry } from './guard.ts';
import { routes, SIGNED_OUT_HYDRATION } from './routes.tsx';

rememberFirstEntry(new URL(window.location.href));

/** The app's router: history mode with base / (§2) over the route table of app/routes.tsx. */
export const router = createBrowserRouter(routes, {
  basename: '/',
  hydrationData: getToken() ? undefined : SIGNED_OUT_HYDRATION,
});

registerRouter(router);
