import { THIRD_LOGIN_API, THIRD_LOGIN_MESSAGES } from '@aps/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Follows one redirect answer: its Location, with the query read. */
function location(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location), 'http://localhost');
}

/** The development provider's round trip, as a browser makes it: render → authorise page → grant → callback. */
async function roundTrip(externalId: string, type = 'dev', render = '') {
  const authorize = location(await t.app.inject({ url: `/aps/sys/thirdLogin/render/${type}${render}` }));
  expect(authorize.pathname).toBe('/aps/sys/thirdLogin/dev/authorize');
  const page = await t.app.inject({ url: `${authorize.pathname}${authorize.search}` });
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.body).toContain('开发用第三方授权');
  const grant = new URLSearchParams(authorize.search);
  grant.set('externalId', externalId);
  grant.set('name', '外部用户');
  const callback = location(await t.app.inject({ url: `/aps/sys/thirdLogin/dev/grant?${grant}` }));
  expect(callback.pathname).toBe(`/aps/sys/thirdLogin/callback/${type}`);
  return location(await t.app.inject({ url: `${callback.pathname}${callback.search}` }));
}

describe('third-party login through the development provider', () => {
  it('binds an external identity after a password sign-in, then signs in with it', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const externalId = `ext-${user.username}`;
    const first = await roundTrip(externalId);
    expect(first.pathname).toBe('/user/login');
    const bindKey = first.searchParams.get('thirdBind');
    expect(bindKey).toBeTruthy();
    expect(first.searchParams.get('thirdToken')).toBeNull();

    const token = await t.login(user.username);
    const bound = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/thirdLogin/bind',
      headers: { 'x-access-token': token, 'tenant-id': '1' },
      payload: { bindKey },
    });
    expect(bound.json()).toMatchObject({ success: true });

    // Someone else cannot take the same identity.
    const other = await t.createUser({ roles: ['buyer'] });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/thirdLogin/bind',
      headers: { 'x-access-token': await t.login(other.username), 'tenant-id': '1' },
      payload: { bindKey },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(THIRD_LOGIN_MESSAGES.boundToOther);

    const second = await roundTrip(externalId);
    const thirdToken = second.searchParams.get('thirdToken');
    expect(thirdToken).toBeTruthy();
    const exchanged = await t.app.inject({
      url: `/aps/sys/thirdLogin/getLoginUser/${encodeURIComponent(thirdToken ?? '')}/dev`,
    });
    expect(exchanged.json()).toMatchObject({ success: true, result: { userInfo: { username: user.username } } });
  });

  it('stands in for the OAuth2-app providers outside production', async () => {
    const back = await roundTrip('wx-someone', 'wechat_enterprise');
    expect(back.searchParams.get('thirdType')).toBe('wechat_enterprise');
    expect(back.searchParams.get('thirdBind')).toBeTruthy();
    expect(back.searchParams.get('redirect')).toBeNull();
  });

  it('lists the configured providers for the login page, without a session', async () => {
    const res = await t.app.inject({ url: `/aps${THIRD_LOGIN_API.providers}` });
    expect(res.json()).toMatchObject({
      success: true,
      result: [
        { type: 'wechat_enterprise', name: '企业微信' },
        { type: 'dingtalk', name: '钉钉' },
        { type: 'dev', name: '开发测试' },
      ],
    });
  });

  it('carries the page to return to through the round trip, and only a path of this site', async () => {
    const target = '/purchase/plan/list?tab=2';
    const back = await roundTrip('wx-redirect', 'wechat_enterprise', `?${new URLSearchParams({ redirect: target })}`);
    expect(back.pathname).toBe('/user/login');
    expect(back.searchParams.get('redirect')).toBe(target);

    for (const redirect of ['//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      const refused = await t.app.inject({
        url: `/aps/sys/thirdLogin/render/dev?${new URLSearchParams({ redirect })}`,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(THIRD_LOGIN_MESSAGES.badRedirect);
    }
  });

  it('refuses a forged state, a forged code, a foreign callback and an unknown provider', async () => {
    const forgedState = await t.app.inject({ url: '/aps/sys/thirdLogin/callback/dev?code=x&state=forged.state' });
    expect(forgedState.statusCode).toBe(400);
    expect(forgedState.json().message).toBe(THIRD_LOGIN_MESSAGES.badState);

    const authorize = location(await t.app.inject({ url: '/aps/sys/thirdLogin/render/dev' }));
    const state = authorize.searchParams.get('state') ?? '';
    const forgedCode = await t.app.inject({
      url: `/aps/sys/thirdLogin/callback/dev?${new URLSearchParams({ code: 'forged.code', state })}`,
    });
    expect(forgedCode.json().message).toBe('授权码无效或已过期');

    const foreign = await t.app.inject({
      url: `/aps/sys/thirdLogin/dev/grant?${new URLSearchParams({ state, redirect_uri: 'https://evil.example/aps/sys/thirdLogin/callback/dev', externalId: 'x' })}`,
    });
    expect(foreign.statusCode).toBe(400);

    const unknown = await t.app.inject({ url: '/aps/sys/thirdLogin/render/nosuch' });
    expect(unknown.json().message).toBe(THIRD_LOGIN_MESSAGES.unknownProvider);
  });
});
