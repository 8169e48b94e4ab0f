import { createContext, useContext } from 'react';
import type { AppRoute } from '../app/routeTable.ts';

/** The workspace route a page is rendered for (its menu title, permissions, keepAlive flag). */
export const CurrentRouteContext = createContext<AppRoute | null>(null);

export function useCurrentRoute(): AppRoute | null {
  return useContext(CurrentRouteContext);
}
