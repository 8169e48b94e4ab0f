import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installLowAppHeader } from './low-app.ts';

describe('installLowAppHeader', () => {
  it('puts a valid app id on the request and on its log lines; none without the header', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, disableRequestLogging: true });
    installLowAppHeader(app);
    app.get('/x', async (request) => {
      request.log.info('handled');
      return { lowAppId: request.lowAppId };
    });
    await app.ready();
    const res = await app.inject({ url: '/x', headers: { 'x-low-app-id': 'crm_app-1' } });
    expect(res.json()).toEqual({ lowAppId: 'crm_app-1' });
    expect(lines.find((l) => l.msg === 'handled')).toMatchObject({ lowAppId: 'crm_app-1' });

    lines.length = 0;
    expect((await app.inject({ url: '/x' })).json()).toEqual({ lowAppId: null });
    expect(lines.find((l) => l.msg === 'handled')).not.toHaveProperty('lowAppId');

    const bad = await app.inject({ url: '/x', headers: { 'x-low-app-id': '../etc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 400, message: '应用ID格式不正确' });
    await app.close();
  });
});
