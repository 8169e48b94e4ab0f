import { type ComponentType, memo, Suspense, useLayoutEffect, useRef } from 'react';
import { PageLoading } from '../app/PageLoading.tsx';
import type { AppRoute } from '../app/routeTable.ts';
import { viewFor } from '../app/views.ts';
import ConstructionPage from '../features/platform/construction/pages/ConstructionPage.tsx';
import IframePage from '../features/platform/iframe/pages/IframePage.tsx';
import { useTabsStore } from '../shared/stores/tabs.ts';
import { CurrentRouteContext } from './currentRoute.ts';

/** The page a route shows: its view, the iframe page, or "建设中" for a component without a page. */
function RoutePage({ route }: { route: AppRoute }) {
  if (route.kind === 'iframe') return <IframePage url={route.url} title={route.title} />;
  const View: ComponentType | null = viewFor(route.component);
  if (!View) return <ConstructionPage title={route.title} component={route.component} />;
  return <View />;
}

/** Memoised: a kept page does not re-render when the workspace moves to another tab. */
const Page = memo(function Page({ route }: { route: AppRoute }) {
  return (
    <CurrentRouteContext value={route}>
      <Suspense fallback={<PageLoading />}>
        <RoutePage route={route} />
      </Suspense>
    </CurrentRouteContext>
  );
});

/**
 * A kept page out of sight. `content-visibility: hidden` (not `display: none`) skips its rendering like
 * `display: none` does — not painted, out of the accessibility tree and the tab order, `checkVisibility()` false —
 * but keeps its style and layout, so a tab switch back to it shows the page without restyling and laying out the
 * whole page again (with `display: none` that was most of a switch's time). `contain-intrinsic-size: none` and no
 * box of its own (padding, border) keep the hidden wrapper at zero height.
 */
const HIDDEN_PAGE = { contentVisibility: 'hidden', containIntrinsicSize: 'none' } as const;

/**
 * The content area with keep-alive (§2): a keepAlive page stays mounted — hidden (HIDDEN_PAGE), its React state,
 * DOM and layout kept, so coming back costs one style change — under its component name while a tab shows it;
 * closing that tab or refreshing it drops the state.
 * Other pages mount fresh on every visit. The window scroll position is kept per kept page, reset otherwise.
 */
export function PageContent({ route, fullPath }: { route: AppRoute; fullPath: string }) {
  const cached = useTabsStore((s) => s.cached);
  const generation = useTabsStore((s) => s.generation);
  // The route each kept name was last shown with (a name may serve several paths; the newest wins).
  const keptRoutes = useRef(new Map<string, AppRoute>());
  if (route.keepAlive) keptRoutes.current.set(route.cacheName, route);
  for (const name of keptRoutes.current.keys()) if (!cached.includes(name)) keptRoutes.current.delete(name);

  const scrollPositions = useRef(new Map<string, number>());
  const currentKey = route.keepAlive ? route.cacheName : `path:${fullPath}`;
  const currentKeyRef = useRef(currentKey);
  useLayoutEffect(() => {
    currentKeyRef.current = currentKey;
    const saved = route.keepAlive ? scrollPositions.current.get(currentKey) : undefined;
    window.scrollTo(0, saved ?? 0);
  }, [currentKey, route.keepAlive]);
  useLayoutEffect(() => {
    const onScroll = () => scrollPositions.current.set(currentKeyRef.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const showCurrentAlone = !route.keepAlive || !cached.includes(route.cacheName);
  return (
    <>
      {[...keptRoutes.current.entries()].map(([name, kept]) => (
        <div
          key={`${name}#${generation[name] ?? 0}`}
          className="aps-kept-page"
          style={!showCurrentAlone && name === route.cacheName ? undefined : HIDDEN_PAGE}
        >
          <Page route={kept} />
        </div>
      ))}
      {showCurrentAlone && <Page key={`${fullPath}#${generation[`path:${fullPath}`] ?? 0}`} route={route} />}
    </>
  );
}
