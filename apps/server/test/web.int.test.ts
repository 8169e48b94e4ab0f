import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/** A tiny built web app: index.html plus one hashed asset with its precompressed sibling. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'aps-web-'));
const asset = `console.log(${JSON.stringify('x'.repeat(4000))});`;
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>全流程数字化采购平台</title><div id="root"></div>',
);
fs.writeFileSync(path.join(webDist, 'assets/app-abc123.js'), asset);
fs.mkdirSync(path.join(webDist, 'prerendered/user'), { recursive: true });
fs.writeFileSync(
  path.join(webDist, 'prerendered/user/login.html'),
  '<!doctype html><title>全流程数字化采购平台</title><div id="root" data-prerendered><form id="login"></form></div>',
);
fs.writeFileSync(path.join(webDist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(asset));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers deep links with index.html (history mode), never cached', async () => {
    const res = await t.app.inject({ url: '/purchase/record?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('全流程数字化采购平台');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a pre-rendered path with its own HTML, whatever the query; other paths get index.html', async () => {
    const login = await t.app.inject({ url: '/user/login?redirect=%2Fpurchase%2Frecord' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<form id="login">');
    expect(login.headers['cache-control']).toBe('no-cache');
    for (const url of ['/user/register-result', '/user', '/prerendered/user/login', '/user/login/..']) {
      expect((await t.app.inject({ url })).body, url).not.toContain('<form id="login">');
    }
  });

  it('sends the precompressed asset when the browser accepts it, cached for a year', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(asset);
  });

  it('an unknown asset or API path is a 404, not the page', async () => {
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/aps/missing' })).json().code).toBe(404);
  });
});
