import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot.tsx';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered.ts';
import { router } from './app/router.tsx';
import { LOGIN_ROUTE_ID } from './app/routes.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The server sends the login page's HTML pre-rendered (app/prerender.tsx). When the router's first render is that
// same page (nobody signed in), React adopts the markup instead of drawing it again. Anything else (a signed-in
// visitor, whose guard runs first) starts a fresh root over it.
const firstMatch = router.state.initialized ? router.state.matches.at(-1)?.route.id : undefined;
if (container.hasAttribute(PRERENDERED_ATTRIBUTE) && firstMatch === LOGIN_ROUTE_ID) {
  hydrateRoot(container, <AppRoot router={router} />);
} else {
  // antd and TanStack Query are provided by the layout route around every page but the login page (app/routes.tsx).
  // The first render is synchronous, so the page is on screen with the first frame after the script.
  const root = createRoot(container);
  flushSync(() => root.render(<AppRoot router={router} />));
}
