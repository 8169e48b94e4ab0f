import { useEffect } from 'react';
import { create } from 'zustand';

/** §2 "Device": below 1088 px the sidebar closes, at 767.99 px and below the device is mobile. */
export const DESKTOP_MIN_WIDTH = 1088;
export const MOBILE_MAX_WIDTH = 767.99;
/** Below 500 px tables scroll horizontally over 800 px. */
export const NARROW_TABLE_WIDTH = 500;
export const NARROW_TABLE_SCROLL_X = 800;

const QUERY_DESKTOP = '(min-width: 1088px)';
const QUERY_TABLET = '(min-width: 768px) and (max-width: 1087.99px)';
const QUERY_NARROW = '(max-width: 499.99px)';

export type Device = 'desktop' | 'tablet' | 'mobile';

export interface AppState {
  device: Device;
  /** Viewport narrower than 500 px. */
  narrow: boolean;
  /** The side menu is open (desktop) or the mobile menu drawer is open. */
  sidebarOpened: boolean;
  setSidebarOpened(opened: boolean): void;
  toggleSidebar(): void;
}

function currentDevice(): Device {
  if (typeof window === 'undefined' || !window.matchMedia) return 'desktop';
  if (window.matchMedia(QUERY_DESKTOP).matches) return 'desktop';
  if (window.matchMedia(QUERY_TABLET).matches) return 'tablet';
  return 'mobile';
}

function isNarrow(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY_NARROW).matches;
}

export const useAppStore = create<AppState>((set) => {
  const device = currentDevice();
  return {
    device,
    narrow: isNarrow(),
    sidebarOpened: device === 'desktop',
    setSidebarOpened: (sidebarOpened) => set({ sidebarOpened }),
    toggleSidebar: () => set((s) => ({ sidebarOpened: !s.sidebarOpened })),
  };
});

/**
 * Follows the viewport (mounted once by the workspace layout): crossing a breakpoint sets the device and opens
 * (desktop) or closes (tablet, mobile) the sidebar.
 */
export function useDeviceWatcher(): void {
  useEffect(() => {
    const queries = [QUERY_DESKTOP, QUERY_TABLET, QUERY_NARROW].map((q) => window.matchMedia(q));
    const apply = () => {
      const device = currentDevice();
      const narrow = isNarrow();
      const prev = useAppStore.getState();
      if (prev.device !== device) useAppStore.setState({ device, sidebarOpened: device === 'desktop' });
      if (prev.narrow !== narrow) useAppStore.setState({ narrow });
    };
    apply();
    for (const q of queries) q.addEventListener('change', apply);
    return () => {
      for (const q of queries) q.removeEventListener('change', apply);
    };
  }, []);
}

/** The device and what follows from it, for any component. */
export function useDevice() {
  const device = useAppStore((s) => s.device);
  const narrow = useAppStore((s) => s.narrow);
  return {
    device,
    isMobile: device === 'mobile',
    isTablet: device === 'tablet',
    isDesktop: device === 'desktop',
    /** Pass to antd Table's `scroll`: below 500 px tables scroll x 800. */
    tableScroll: narrow ? { x: NARROW_TABLE_SCROLL_X } : undefined,
  };
}

/** Just the table scroll of §2 "Device" (`<Table scroll={useTableScroll()} />`). */
export function useTableScroll(): { x: number } | undefined {
  return useAppStore((s) => s.narrow) ? { x: NARROW_TABLE_SCROLL_X } : undefined;
}
