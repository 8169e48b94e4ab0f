import { describe, expect, it } from 'vitest';
import { HOME_PATH, loginPathFor, safeRedirect } from './session.ts';

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeRedirect('/dashboard/analysis')).toBe('/dashboard/analysis');
    expect(safeRedirect('/purchase/list?status=2')).toBe('/purchase/list?status=2');
  });

  it('falls back to the home page for missing, foreign or looping targets', () => {
    for (const target of [null, '', 'dashboard', 'https://evil.example/', '//evil.example', '/\\evil.example']) {
      expect(safeRedirect(target)).toBe(HOME_PATH);
    }
    expect(safeRedirect('/user/login')).toBe(HOME_PATH);
    expect(safeRedirect('/user/login?redirect=%2Fx')).toBe(HOME_PATH);
  });
});

describe('loginPathFor', () => {
  it('encodes the target as the redirect parameter', () => {
    expect(loginPathFor('/dashboard/analysis')).toBe('/user/login?redirect=%2Fdashboard%2Fanalysis');
    expect(loginPathFor('/a?b=1&c=2')).toBe('/user/login?redirect=%2Fa%3Fb%3D1%26c%3D2');
  });
});
