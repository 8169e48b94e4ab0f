import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/aps/sys/login', payload: { username, password } });

describe('POST /sys/login', () => {
  it('answers code 200 with token, userInfo and sysAllDictItems', async () => {
    const res = await login('admin', TEST_ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(typeof body.timestamp).toBe('number');
    expect(body.result.token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(body.result.userInfo).toMatchObject({
      username: 'admin',
      realname: '系统管理员',
      orgCode: 'A01',
      userEnd: ['1'],
    });
    expect(body.result.sysAllDictItems.priority.map((o: { value: string }) => o.value)).toEqual(['L', 'M', 'H']);
    expect(Object.keys(body.result.sysAllDictItems)).toEqual(
      expect.arrayContaining([
        'color',
        'yn',
        'sex',
        'priority',
        'user_type',
        'purchase_stage',
        'election_status',
        'approval_status',
        'qa_type',
      ]),
    );
  });

  it('refuses a wrong password with a Chinese message and no token', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const res = await login(user.username, 'wrong-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, result: null });
    expect(res.json().message).toContain('用户名或密码错误');
  });

  it('asks for the slider after 5 wrong passwords instead of locking the owner out', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    for (let i = 1; i <= 5; i++) {
      const res = await login(user.username, 'nope');
      expect(res.statusCode).toBe(400);
      // No remaining-attempts hint: it would tell a known username from an unknown one.
      expect(res.json().message).toBe('用户名或密码错误');
    }
    const right = await login(user.username, user.password);
    expect(right.statusCode).toBe(428);
    expect(right.json()).toMatchObject({ success: false, code: 428, message: '请拖动滑块完成验证后再登录' });
    const proof = await t.app.inject({ method: 'POST', url: '/aps/sys/humanProof/slider' });
    const withProof = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/login',
      payload: {
        username: user.username,
        password: user.password,
        captcha: 'slider',
        checkKey: proof.json().result.checkKey,
      },
    });
    expect(withProof.statusCode).toBe(200);
  });

  it('does not reveal whether a username exists', async () => {
    const res = await login('nobody_here', 'whatever1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('用户名或密码错误');
  });
});

describe('tokens', () => {
  it('are required: no token is 401 未授权', async () => {
    const res = await t.app.inject({ url: '/aps/sys/permission/getUserPermissionByToken' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 401, message: '未授权，请重新登录' });
  });

  it('a forged token is 401 with Token失效', async () => {
    const res = await t.app.inject({
      url: '/aps/sys/permission/getUserPermissionByToken',
      headers: { 'x-access-token': 'abc.def' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('Token失效');
  });

  it('is not accepted from the query string', async () => {
    const token = await t.login('buyer01');
    const res = await t.app.inject({
      url: `/aps/sys/permission/getUserPermissionByToken?token=${token}&X-Access-Token=${token}`,
    });
    expect(res.statusCode).toBe(401);
  });

  it('logout revokes the token at once', async () => {
    const token = await t.login('buyer01');
    const headers = { 'x-access-token': token };
    expect((await t.app.inject({ url: '/aps/sys/user/getUserInfo', headers })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/aps/sys/logout', headers });
    expect(out.json()).toMatchObject({ success: true, code: 200 });
    const after = await t.app.inject({ url: '/aps/sys/user/getUserInfo', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toContain('Token失效');
  });

  it('logout completes even without a valid token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/logout',
      headers: { 'x-access-token': 'garbage' },
    });
    expect(res.statusCode).toBe(200);
  });
});
