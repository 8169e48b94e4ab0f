import { StrictMode } from 'react';
import { RouterProvider, type RouterProviderProps } from 'react-router/dom';
import { RootStyle } from './RootStyle.tsx';

/**
 * The whole app's tree, the same in the browser (main.tsx) and in the build's pre-render of the login page
 * (app/prerender.tsx), so the pre-rendered HTML hydrates node for node (useId included).
 * Router updates are not transitions: a tab switch renders at once instead of in time slices between frames.
 */
export function AppRoot({ router }: { router: RouterProviderProps['router'] }) {
  return (
    <StrictMode>
      <RootStyle />
      <RouterProvider router={router} useTransitions={false} />
    </StrictMode>
  );
}
