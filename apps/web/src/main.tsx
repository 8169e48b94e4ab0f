import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { RootStyle } from './app/RootStyle.tsx';
import { router } from './app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// antd and TanStack Query are provided by the layout route around every page but the login page (app/router.tsx).
// The first render is synchronous, so the login page is on screen with the first frame after the script.
// Router updates are not transitions: a tab switch renders at once instead of in time slices between frames.
const root = createRoot(container);
flushSync(() => {
  root.render(
    <StrictMode>
      <RootStyle />
      <RouterProvider router={router} useTransitions={false} />
    </StrictMode>,
  );
});
