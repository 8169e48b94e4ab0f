/**
 * Build-time pre-render of the login page (run by scripts/prerender-pages.ts on the SSR build of this module).
 *
 * The login page is the first page anyone loads. Drawn by the client only, it appeared after the entry script had
 * loaded and run (~0.5 s on a 2-core machine); pre-rendered into the HTML it is on screen with the first paint and
 * main.tsx hydrates it in place, so nothing is drawn twice and what is typed before the script runs is kept.
 * The tree is the client's own (AppRoot over the same routes) so the markup, useId included, matches node for node.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { LOGIN_PATH } from '../features/platform/auth/session.ts';
import { NAMESPACE, STORAGE_KEYS } from '../shared/storage.ts';
import { AppRoot } from './AppRoot.tsx';
import { routes, SIGNED_OUT_HYDRATION } from './routes.tsx';

/** The path whose HTML carries the pre-rendered page; the server sends that HTML for it. */
export const PRERENDERED_PATH = LOGIN_PATH;

export { EARLY_SUBMIT_PROPERTY, PRERENDERED_ATTRIBUTE } from './prerendered.ts';

/** The localStorage key of the session token: a signed-in visitor is sent on from the login page. */
export const TOKEN_STORAGE_KEY = NAMESPACE + STORAGE_KEYS.token;

/** The login page's markup, as the client's first render draws it for a visitor who is not signed in. */
export function renderLoginPage(): string {
  const router = createMemoryRouter(routes, {
    initialEntries: [PRERENDERED_PATH],
    hydrationData: SIGNED_OUT_HYDRATION,
  });
  return renderToString(<AppRoot router={router} />);
}
