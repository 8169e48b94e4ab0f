import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8086,
      env: 'development',
      databaseUrl: undefined,
      seedDemo: true,
      testRoutes: false,
    });
    expect(c.adminPassword).toBe(DEV_ADMIN_PASSWORD);
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('requires ADMIN_PASSWORD in production and never uses the demo one there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('ADMIN_PASSWORD');
    const c = loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'S3cure-enough' });
    expect(c.adminPassword).toBe('S3cure-enough');
    expect(c.seedDemo).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'S3cure-enough', APS_TEST_ROUTES: '1' }).testRoutes,
    ).toBe(false);
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT');
    expect(() => loadConfig({ TOKEN_SECRET: 'short' })).toThrow('TOKEN_SECRET');
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow('DATABASE_URL');
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });
});
