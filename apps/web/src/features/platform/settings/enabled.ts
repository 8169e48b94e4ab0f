/** localStorage flag that shows the settings drawer in a production build (previews, the e2e suite). */
export const SETTING_DRAWER_PREVIEW_KEY = 'aps:setting-drawer';

/**
 * The settings drawer is a development preview (§2): shown by the dev server, and in a built app only when
 * localStorage holds `aps:setting-drawer` = "1" (docs/decisions.md).
 */
export function isSettingDrawerEnabled(): boolean {
  if (import.meta.env.DEV) return true;
  try {
    return localStorage.getItem(SETTING_DRAWER_PREVIEW_KEY) === '1';
  } catch {
    return false;
  }
}
