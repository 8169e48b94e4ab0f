import { useEffect, useLayoutEffect } from 'react';
import { useSessionStore } from '../features/platform/auth/store.ts';
import { useSettingsStore } from '../shared/stores/settings.ts';
import { isMourningDay, localDate } from './greyMode.ts';
import { applyPlainTheme } from './plainTheme.ts';

/**
 * What every page shows on the root element, the login page included:
 * - the whole-page filters: grey on the dates of the dictionary "color" (§1), and the colour-weak setting;
 * - the theme colour of the pages drawn without antd (app/plain.css).
 */
export function RootStyle(): null {
  const colorItems = useSessionStore((s) => s.dictItems?.color);
  const colorWeak = useSettingsStore((s) => s.colorWeak);
  const primaryColor = useSettingsStore((s) => s.primaryColor);
  const grey = isMourningDay(colorItems, localDate(new Date()));
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('aps-grey', grey);
    root.classList.toggle('aps-color-weak', colorWeak);
    const filters = [grey ? 'grayscale(100%)' : '', colorWeak ? 'invert(80%)' : ''].filter(Boolean);
    root.style.filter = filters.join(' ');
  }, [grey, colorWeak]);
  // Before the first paint of a page that uses them.
  useLayoutEffect(() => applyPlainTheme(primaryColor), [primaryColor]);
  return null;
}
