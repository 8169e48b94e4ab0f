import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/aps${url}`, headers: { 'x-access-token': token }, ...(payload ? { payload } : {}) });

describe('departments of the current user', () => {
  it('lists them with the current one, and switches to another', async () => {
    const user = await t.createUser({ roles: ['buyer'], departs: ['A01A01', 'A01A02'] });
    const token = await t.login(user.username);
    const before = (await call(token, 'GET', '/sys/user/getCurrentUserDeparts')).json().result;
    expect(before.orgCode).toBe('A01A01');
    expect(before.list.map((d: { orgCode: string; departName: string }) => [d.orgCode, d.departName])).toEqual([
      ['A01A01', '华信第一工程分公司'],
      ['A01A02', '华信物资贸易分公司'],
    ]);
    const switched = await call(token, 'POST', '/sys/selectDepart', { orgCode: 'A01A02', username: user.username });
    expect(switched.json()).toMatchObject({
      success: true,
      result: { userInfo: { orgCode: 'A01A02', orgCodeTxt: '华信物资贸易分公司' } },
    });
    expect((await call(token, 'GET', '/sys/user/getCurrentUserDeparts')).json().result.orgCode).toBe('A01A02');
  });

  it('refuses a department the user does not belong to', async () => {
    const user = await t.createUser({ roles: ['buyer'], departs: ['A01A01'] });
    const res = await call(await t.login(user.username), 'POST', '/sys/selectDepart', { orgCode: 'A01A02' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('只能切换到您所属的部门');
  });

  it('tells a user without departments so', async () => {
    const user = await t.createUser({ roles: ['buyer'], departs: [] });
    const res = await call(await t.login(user.username), 'POST', '/sys/selectDepart', { orgCode: 'A01' });
    expect(res.json()).toMatchObject({ success: false, message: '您尚未设置部门信息!' });
  });
});

describe('POST /sys/user/updatePassword', () => {
  it('validates with the §5 messages', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(user.username);
    const cases: [object, string][] = [
      [
        { username: user.username, oldpassword: '', password: 'Abc12345', confirmpassword: 'Abc12345' },
        '请输入旧密码!',
      ],
      [{ username: user.username, oldpassword: 'x', password: '', confirmpassword: '' }, '请输入新密码!'],
      [{ username: user.username, oldpassword: 'x', password: 'Abc12345', confirmpassword: '' }, '请确认新密码!'],
      [
        { username: user.username, oldpassword: 'x', password: 'Abc12345', confirmpassword: 'Abc123456' },
        '两次输入的密码不一样！',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call(token, 'POST', '/sys/user/updatePassword', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('checks the old password, then the new one works and the old one no longer does', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(user.username);
    const wrongOld = await call(token, 'POST', '/sys/user/updatePassword', {
      username: user.username,
      oldpassword: 'nope1234',
      password: 'Newpass123',
      confirmpassword: 'Newpass123',
    });
    expect(wrongOld.json().message).toBe('旧密码输入错误');
    const weak = await call(token, 'POST', '/sys/user/updatePassword', {
      username: user.username,
      oldpassword: user.password,
      password: 'short',
      confirmpassword: 'short',
    });
    expect(weak.json().message).toBe('密码至少8位，且须同时包含字母和数字');
    const good = await call(token, 'POST', '/sys/user/updatePassword', {
      username: user.username,
      oldpassword: user.password,
      password: 'Newpass123',
      confirmpassword: 'Newpass123',
    });
    expect(good.json()).toMatchObject({ success: true, message: '密码修改成功！' });
    await expect(t.login(user.username, user.password)).rejects.toThrow();
    expect(await t.login(user.username, 'Newpass123')).toBeTruthy();
  });

  it('changes only the signed-in user’s own password', async () => {
    const token = await t.login('buyer01');
    const res = await call(token, 'POST', '/sys/user/updatePassword', {
      username: 'admin',
      oldpassword: 'x',
      password: 'Newpass123',
      confirmpassword: 'Newpass123',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('announcements for the bell', () => {
  it('lists unread notices and system messages; reading one takes it off the list', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(user.username);
    const first = (await call(token, 'GET', '/sys/annountCement/listByUser')).json().result;
    expect(first.anntMsgTotal).toBe(2);
    expect(first.sysMsgTotal).toBe(2);
    expect(first.anntMsgList.map((a: { titile: string; priority: string }) => [a.titile, a.priority])).toEqual([
      ['关于开展2026年度评审专家线上培训的通知', 'M'],
      ['全流程数字化采购平台正式上线运行', 'H'],
    ]);
    const todo = first.sysMsgList.find((a: { openType: string }) => a.openType === 'url');
    expect(todo).toMatchObject({ openPage: '/purchase/record', sender: '系统' });
    const detail = (await call(token, 'GET', `/sys/annountCement/queryById?id=${todo.id}`)).json().result;
    expect(detail.msgContent).toContain('去处理');
    expect(detail.readFlag).toBe(false);
    const read = await t.app.inject({
      method: 'PUT',
      url: '/aps/sys/sysAnnouncementSend/editByAnntIdAndUserId',
      headers: { 'x-access-token': token },
      payload: { anntId: todo.id },
    });
    expect(read.json().success).toBe(true);
    const after = (await call(token, 'GET', '/sys/annountCement/listByUser')).json().result;
    expect(after.sysMsgTotal).toBe(1);
    expect(after.anntMsgTotal).toBe(2);
    expect((await call(token, 'GET', `/sys/annountCement/queryById?id=${todo.id}`)).json().result.readFlag).toBe(true);
  });

  it('does not show another tenant’s announcements', async () => {
    const token = await t.login('yhadmin');
    const res = (await call(token, 'GET', '/sys/annountCement/listByUser')).json().result;
    expect(res.anntMsgTotal + res.sysMsgTotal).toBe(0);
  });

  it('refuses a malformed or unknown id', async () => {
    const token = await t.login('buyer01');
    expect((await call(token, 'GET', '/sys/annountCement/queryById?id=1')).statusCode).toBe(400);
    expect(
      (await call(token, 'GET', '/sys/annountCement/queryById?id=00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });
});

describe('dictionary cache refresh', () => {
  it('answers 刷新缓存完成！', async () => {
    const res = await call(await t.login('buyer01'), 'GET', '/sys/dict/refleshCache');
    expect(res.json()).toMatchObject({ success: true, message: '刷新缓存完成！' });
  });
});

describe('test routes', () => {
  it('exist only when APS_TEST_ROUTES is on', async () => {
    expect((await t.app.inject({ url: '/aps/test/status/504' })).statusCode).toBe(404);
    const withRoutes = await createTestApp({ testRoutes: true });
    try {
      const res = await withRoutes.app.inject({
        url: `/aps/test/status/500?message=${encodeURIComponent('Token失效，请重新登录!')}`,
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, code: 500, message: 'Token失效，请重新登录!' });
    } finally {
      await withRoutes.close();
    }
  });
});
