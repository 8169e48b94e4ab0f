import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, normalizeSettings, THEME_UPDATE_FAILED, useSettingsStore } from './settings.ts';

describe('display settings (§4, §9)', () => {
  it('defaults to §9: #278bf7, light nav, side menu, fixed width, fixed header and side menu, multi-tab', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      navTheme: 'light',
      primaryColor: '#278bf7',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      fixedHeader: true,
      autoHideHeader: false,
      fixSiderbar: true,
      colorWeak: false,
      multiTab: true,
    });
  });

  it('applies the coupling rules to any stored combination', () => {
    expect(normalizeSettings({ fixedHeader: false, autoHideHeader: true }).autoHideHeader).toBe(false);
    expect(normalizeSettings({ layout: 'topmenu', fixSiderbar: true }).fixSiderbar).toBe(false);
    expect(normalizeSettings({ layout: 'sidemenu', contentWidth: 'Fluid' }).contentWidth).toBe('Fixed');
    expect(normalizeSettings({ layout: 'topmenu', contentWidth: 'Fluid' }).contentWidth).toBe('Fluid');
  });

  it('refuses a theme colour that is not #rrggbb with Failed to update theme, and keeps the current one (§8)', () => {
    const before = useSettingsStore.getState().primaryColor;
    expect(() => useSettingsStore.getState().setPrimaryColor('rgb(1,2,3)')).toThrow(THEME_UPDATE_FAILED);
    expect(THEME_UPDATE_FAILED).toBe('Failed to update theme');
    expect(useSettingsStore.getState().primaryColor).toBe(before);
    useSettingsStore.getState().setPrimaryColor('#52c41a');
    expect(useSettingsStore.getState().primaryColor).toBe('#52c41a');
  });
});
