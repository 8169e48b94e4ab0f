import { useSyncExternalStore } from 'react';
import type { Location } from 'react-router';
import { appRouter } from '../shared/navigation.ts';

const subscribe = (onChange: () => void) => appRouter().subscribe(() => onChange());
const getLocation = () => appRouter().state.location;

/**
 * The router's location, read from the router itself rather than from <RouterProvider>'s context: the parts of the
 * workspace that follow the route (page, page header, menu, title, tab) render as soon as a navigation completes,
 * in the task of the click that started it, and only they do; the layout around them does not re-render.
 */
export function useRouterLocation(): Location {
  return useSyncExternalStore(subscribe, getLocation);
}

/** A value derived from the router's location (a primitive: the component renders only when it changes). */
export function useRouterLocationValue<T extends string | number | boolean | null | undefined>(
  select: (location: Location) => T,
): T {
  return useSyncExternalStore(subscribe, () => select(appRouter().state.location));
}
