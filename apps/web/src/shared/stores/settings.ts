import { create } from 'zustand';
import { STORAGE_KEYS, storage } from '../storage.ts';

export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

/** The display settings of the settings drawer (§2), persisted under pro__APP_SETTINGS. */
export interface DisplaySettings {
  navTheme: NavTheme;
  primaryColor: string;
  layout: LayoutMode;
  /** Fixed (centred 1200 px) or fluid; only the top-menu layout offers fluid. */
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  /** Hide the header while scrolling down; only with a fixed header. */
  autoHideHeader: boolean;
  /** Fixed side menu; never in top-menu mode. */
  fixSiderbar: boolean;
  colorWeak: boolean;
  multiTab: boolean;
}

/** §9 defaults. */
export const DEFAULT_SETTINGS: DisplaySettings = {
  navTheme: 'light',
  primaryColor: '#278bf7',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  autoHideHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  multiTab: true,
};

/** The eight theme-colour presets of the drawer. */
export const PRIMARY_COLORS: { key: string; color: string }[] = [
  { key: '天空蓝（默认）', color: '#278bf7' },
  { key: '薄暮', color: '#f5222d' },
  { key: '火山', color: '#fa541c' },
  { key: '日暮', color: '#faad14' },
  { key: '明青', color: '#13c2c2' },
  { key: '极光绿', color: '#52c41a' },
  { key: '极客蓝', color: '#2f54eb' },
  { key: '酱紫', color: '#722ed1' },
];

export interface SettingsState extends DisplaySettings {
  setNavTheme(value: NavTheme): void;
  setPrimaryColor(value: string): void;
  /** Changing the layout resets the fixed side menu (off); top-menu mode keeps it off. */
  setLayout(value: LayoutMode): void;
  setContentWidth(value: ContentWidth): void;
  /** Turning the fixed header off turns hide-header off too. */
  setFixedHeader(value: boolean): void;
  /** Ignored while the header is not fixed. */
  setAutoHideHeader(value: boolean): void;
  /** Ignored in top-menu mode. */
  setFixSiderbar(value: boolean): void;
  setColorWeak(value: boolean): void;
  setMultiTab(value: boolean): void;
  reset(): void;
}

/** §8: the message when a theme colour cannot be applied (it is shown as is, in English, as the spec writes it). */
export const THEME_UPDATE_FAILED = 'Failed to update theme';
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Applies the coupling rules of §4 to any combination, so stored or hand-edited values stay consistent. */
export function normalizeSettings(input: Partial<DisplaySettings>): DisplaySettings {
  const s = { ...DEFAULT_SETTINGS, ...input };
  if (!s.fixedHeader) s.autoHideHeader = false;
  if (s.layout === 'topmenu') s.fixSiderbar = false;
  if (s.layout === 'sidemenu') s.contentWidth = 'Fixed';
  return s;
}

function pick(state: SettingsState): DisplaySettings {
  const {
    navTheme,
    primaryColor,
    layout,
    contentWidth,
    fixedHeader,
    autoHideHeader,
    fixSiderbar,
    colorWeak,
    multiTab,
  } = state;
  return {
    navTheme,
    primaryColor,
    layout,
    contentWidth,
    fixedHeader,
    autoHideHeader,
    fixSiderbar,
    colorWeak,
    multiTab,
  };
}

function load(): DisplaySettings {
  // Outside a browser (unit tests) there is nothing stored.
  if (typeof localStorage === 'undefined') return { ...DEFAULT_SETTINGS };
  const stored = storage.get<Partial<DisplaySettings>>(STORAGE_KEYS.settings);
  return normalizeSettings(stored && typeof stored === 'object' ? stored : {});
}

export const useSettingsStore = create<SettingsState>((set, get) => {
  const update = (patch: Partial<DisplaySettings>) => {
    const next = normalizeSettings({ ...pick(get()), ...patch });
    storage.set(STORAGE_KEYS.settings, next);
    set(next);
  };
  return {
    ...load(),
    setNavTheme: (navTheme) => update({ navTheme }),
    // Throws (THEME_UPDATE_FAILED) for a colour that is not #rrggbb or when it cannot be stored; nothing changes then.
    setPrimaryColor: (primaryColor) => {
      if (!HEX_COLOR.test(primaryColor)) throw new Error(THEME_UPDATE_FAILED);
      try {
        update({ primaryColor });
      } catch (cause) {
        throw new Error(THEME_UPDATE_FAILED, { cause });
      }
    },
    setLayout: (layout) => update({ layout, fixSiderbar: false }),
    setContentWidth: (contentWidth) => update({ contentWidth }),
    setFixedHeader: (fixedHeader) => update({ fixedHeader, ...(fixedHeader ? {} : { autoHideHeader: false }) }),
    setAutoHideHeader: (autoHideHeader) => {
      if (get().fixedHeader) update({ autoHideHeader });
    },
    setFixSiderbar: (fixSiderbar) => {
      if (get().layout !== 'topmenu') update({ fixSiderbar });
    },
    setColorWeak: (colorWeak) => update({ colorWeak }),
    setMultiTab: (multiTab) => update({ multiTab }),
    reset: () => update(DEFAULT_SETTINGS),
  };
});
