import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../src/seed/ids.ts';
import { createTestApp, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object, tenant = '1') =>
  t.app.inject({
    method,
    url: `/aps${url}`,
    headers: { 'x-access-token': token, 'tenant-id': tenant },
    ...(payload ? { payload } : {}),
  });

let seq = 0;
const uniq = () => `${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}${Math.floor(Math.random() * 1e3)}`;
const phone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const newUser = (over: object = {}) => {
  const username = `u_${uniq()}`;
  return {
    username,
    realname: '测试用户',
    phone: phone(),
    email: `${username}@aps.example`,
    sex: 1,
    password: 'Passw0rd1',
    confirmpassword: 'Passw0rd1',
    roleIds: [seedId('role:1:buyer')],
    departIds: [seedId('depart:A01A01')],
    ...over,
  };
};

async function addUser(over: object = {}) {
  const body = newUser(over);
  const res = await call(admin, 'POST', '/sys/user/add', body);
  expect(res.json(), res.body).toMatchObject({ success: true });
  return { ...body, id: res.json().result.id as string };
}

describe('/sys/user/list', () => {
  it('pages on the server, newest first, with filters', async () => {
    const s = uniq();
    const a = await addUser({ realname: `列表甲${s}`, username: `sa${s}` });
    const b = await addUser({ realname: `列表乙${s}`, username: `sb${s}` });
    const page = (await call(admin, 'GET', `/sys/user/list?pageNo=1&pageSize=10&realname=${s}`)).json().result;
    expect(page.size).toBe(10);
    expect(page.total).toBe(2);
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
    const all = (await call(admin, 'GET', '/sys/user/list?pageNo=1&pageSize=10')).json().result;
    expect(all.total).toBeGreaterThanOrEqual(10);
    expect(all.records).toHaveLength(10);
    const byName = (await call(admin, 'GET', `/sys/user/list?username=${a.username}`)).json().result;
    expect(byName.records.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect(byName.records[0]).toMatchObject({
      realname: `列表甲${s}`,
      roleNames: '采购经办',
      departNames: '华信第一工程分公司',
      orgCode: 'A01A01',
      orgCodeTxt: '华信第一工程分公司',
      status: 1,
      sex: 1,
    });
    const byDepart = (await call(admin, 'GET', `/sys/user/list?departId=${seedId('depart:A01A01A01')}`)).json().result;
    expect(byDepart.records.map((r: { username: string }) => r.username)).toContain('project01');
    expect(byDepart.records.every((r: { departNames: string }) => r.departNames.includes('城南综合管廊项目部'))).toBe(
      true,
    );
    const asc = (await call(admin, 'GET', `/sys/user/list?realname=${s}&column=username&order=asc`)).json().result;
    expect(asc.records.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
  });

  it('refuses a column outside the allow-list and a page size outside 1..9999', async () => {
    const bad = await call(admin, 'GET', '/sys/user/list?column=password_hash');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('不支持按该字段排序');
    const size = await call(admin, 'GET', '/sys/user/list?pageSize=10000');
    expect(size.statusCode).toBe(400);
    expect(size.json().message).toBe('每页条数必须是1到9999之间的整数');
  });

  it('answers 403 without system:user:list, and shows only the tenant’s users', async () => {
    const buyer = await t.login('buyer01');
    const res = await call(buyer, 'GET', '/sys/user/list');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('拒绝访问');
    const yh = await t.login('yhadmin');
    const two = (await call(yh, 'GET', '/sys/user/list?pageSize=50', undefined, '2')).json().result;
    const names = two.records.map((r: { username: string }) => r.username);
    expect(names).toContain('yhadmin');
    expect(names).not.toContain('buyer01');
  });
});

describe('/sys/user/add and edit', () => {
  it('validates with the §5 messages', async () => {
    const cases: [object, string][] = [
      [{ username: '' }, '请输入用户名'],
      [{ username: 'bad-name' }, '只允许字母、数字、下划线'],
      [{ username: 'abc' }, '用户名长度为6到18位'],
      [{ phone: '' }, '请输入手机号'],
      [{ phone: '12345678901' }, '请输入正确手机号'],
      [{ email: 'not-an-email' }, '邮箱格式不正确'],
      [{ realname: '' }, '请输入用户名称'],
      [{ password: '' }, '请输入登录密码!'],
      [{ password: 'short', confirmpassword: 'short' }, '密码至少8位，且须同时包含字母和数字'],
      [{ confirmpassword: 'Other1234' }, '两次输入的密码不一样！'],
    ];
    for (const [over, message] of cases) {
      const res = await call(admin, 'POST', '/sys/user/add', newUser(over));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('refuses a taken username or phone, and roles or departments of another tenant', async () => {
    const u = await addUser();
    expect((await call(admin, 'POST', '/sys/user/add', newUser({ username: u.username }))).json().message).toBe(
      '用户账号已存在',
    );
    expect((await call(admin, 'POST', '/sys/user/add', newUser({ phone: u.phone }))).json().message).toBe(
      '手机号已存在',
    );
    const role2 = await call(admin, 'POST', '/sys/user/add', newUser({ roleIds: [seedId('role:2:admin')] }));
    expect(role2.json().message).toBe('所选角色不属于当前租户');
    const dep2 = await call(admin, 'POST', '/sys/user/add', newUser({ departIds: [seedId('depart:B01')] }));
    expect(dep2.json().message).toBe('所选部门不属于当前租户');
  });

  it('parallel adds of one username: one wins, the others get 用户账号已存在', async () => {
    const body = newUser();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call(admin, 'POST', '/sys/user/add', { ...body, phone: phone(), email: null })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.json().message).toBe('用户账号已存在');
  });

  it('creates a user who can log in with the argon2 password, then edits roles and departments', async () => {
    const u = await addUser();
    const token = await t.login(u.username, u.password);
    const info = (await call(token, 'GET', '/sys/user/getUserInfo')).json().result;
    expect(info).toMatchObject({ username: u.username, orgCode: 'A01A01' });
    expect((await call(admin, 'GET', `/sys/user/queryUserRole?userid=${u.id}`)).json().result).toEqual([
      seedId('role:1:buyer'),
    ]);
    const edited = await call(admin, 'PUT', '/sys/user/edit', {
      id: u.id,
      realname: '改过的名字',
      phone: u.phone,
      roleIds: [seedId('role:1:expert')],
      departIds: [seedId('depart:A01A02')],
    });
    expect(edited.json()).toMatchObject({
      success: true,
      result: { realname: '改过的名字', roleNames: '评审专家', orgCode: 'A01A02', departNames: '华信物资贸易分公司' },
    });
    expect((await call(admin, 'GET', `/sys/user/queryUserRole?userid=${u.id}`)).json().result).toEqual([
      seedId('role:1:expert'),
    ]);
    // The new role's menu shows at the next permission load.
    const menu = (await call(token, 'GET', '/sys/permission/getUserPermissionByToken')).json().result.menu;
    expect(menu.map((m: { path: string }) => m.path)).toContain('/review');
  });

  it('checks uniqueness with checkOnlyUser', async () => {
    const u = await addUser();
    const taken = (await call(admin, 'GET', `/sys/user/checkOnlyUser?username=${u.username}`)).json();
    expect(taken).toMatchObject({ success: false, message: '用户账号已存在' });
    const self = (await call(admin, 'GET', `/sys/user/checkOnlyUser?username=${u.username}&id=${u.id}`)).json();
    expect(self.success).toBe(true);
    const free = (await call(admin, 'GET', `/sys/user/checkOnlyUser?username=nobody_${uniq()}`)).json();
    expect(free).toMatchObject({ success: true, message: '该值可用！' });
    const phoneTaken = (await call(admin, 'GET', `/sys/user/checkOnlyUser?phone=${u.phone}`)).json();
    expect(phoneTaken).toMatchObject({ success: false, message: '手机号已存在' });
  });

  it('answers 403 without the add code and 404 for a user of another tenant', async () => {
    const buyer = await t.login('buyer01');
    expect((await call(buyer, 'POST', '/sys/user/add', newUser())).statusCode).toBe(403);
    const yh = await t.login('yhadmin');
    const res = await call(
      yh,
      'PUT',
      '/sys/user/edit',
      { id: seedId('user:buyer01'), realname: 'x', phone: phone() },
      '2',
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('freeze, password, delete', () => {
  it('a frozen user cannot log in and their session ends; unfreezing lets them back', async () => {
    const u = await addUser();
    const token = await t.login(u.username, u.password);
    const frozen = await call(admin, 'PUT', '/sys/user/frozenBatch', { ids: u.id, status: 2 });
    expect(frozen.json()).toMatchObject({ success: true, message: '冻结成功!' });
    expect((await call(token, 'GET', '/sys/user/getUserInfo')).statusCode).toBe(401);
    await expect(t.login(u.username, u.password)).rejects.toThrow(/该用户已冻结/);
    const listed = (await call(admin, 'GET', `/sys/user/list?username=${u.username}&status=2`)).json().result;
    expect(listed.total).toBe(1);
    await call(admin, 'PUT', '/sys/user/frozenBatch', { ids: u.id, status: '1' });
    expect(await t.login(u.username, u.password)).toBeTruthy();
  });

  it('refuses to freeze or delete oneself', async () => {
    const me = seedId('user:admin');
    expect((await call(admin, 'PUT', '/sys/user/frozenBatch', { ids: me, status: 2 })).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/sys/user/delete?id=${me}`)).statusCode).toBe(403);
  });

  it('an administrator sets another user’s password; the old one and its sessions stop working', async () => {
    const u = await addUser();
    const token = await t.login(u.username, u.password);
    const mismatch = await call(admin, 'PUT', '/sys/user/changePassword', {
      username: u.username,
      password: 'NewPass123',
      confirmpassword: 'NewPass124',
    });
    expect(mismatch.json().message).toContain('两次输入的密码不一样！');
    const res = await call(admin, 'PUT', '/sys/user/changePassword', {
      username: u.username,
      password: 'NewPass123',
      confirmpassword: 'NewPass123',
    });
    expect(res.json()).toMatchObject({ success: true, message: '密码修改成功！' });
    expect((await call(token, 'GET', '/sys/user/getUserInfo')).statusCode).toBe(401);
    await expect(t.login(u.username, u.password)).rejects.toThrow();
    expect(await t.login(u.username, 'NewPass123')).toBeTruthy();
  });

  it('deletes one and a batch; deleted users are gone from the list and cannot log in', async () => {
    const a = await addUser();
    const b = await addUser();
    const c = await addUser();
    expect((await call(admin, 'DELETE', `/sys/user/delete?id=${a.id}`)).json().success).toBe(true);
    const batch = await call(admin, 'DELETE', `/sys/user/deleteBatch?ids=${b.id},${c.id}`);
    expect(batch.json()).toMatchObject({ success: true, result: 2 });
    for (const u of [a, b, c]) {
      expect((await call(admin, 'GET', `/sys/user/list?username=${u.username}`)).json().result.total).toBe(0);
      await expect(t.login(u.username, u.password)).rejects.toThrow();
    }
    expect((await call(admin, 'DELETE', '/sys/user/deleteBatch?ids=')).json().message).toBe('请选择一条记录！');
  });
});

describe('pickers and lookups', () => {
  it('queryUserByDepId, getMultiUser and queryUserComponentData', async () => {
    const a = await addUser({ realname: '选人甲', departIds: [seedId('depart:A01A01A02')] });
    const b = await addUser({ realname: '选人乙', departIds: [seedId('depart:A01A01A02')] });
    const ofDepart = (await call(admin, 'GET', `/sys/user/queryUserByDepId?id=${seedId('depart:A01A01A02')}`)).json();
    expect(ofDepart.result.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const multi = (await call(admin, 'GET', `/sys/user/getMultiUser?ids=${a.id},${b.id}`)).json().result;
    expect(multi.map((u: { realname: string }) => u.realname).sort()).toEqual(['选人乙', '选人甲'].sort());
    const buyer = await t.login('buyer01');
    const picker = (
      await call(
        buyer,
        'GET',
        `/sys/user/queryUserComponentData?departId=${seedId('depart:A01A01A02')}&pageNo=1&pageSize=1&column=realname&order=asc`,
      )
    ).json().result;
    expect(picker.total).toBeGreaterThanOrEqual(2);
    expect(picker.records).toHaveLength(1);
    const search = (await call(buyer, 'GET', '/sys/user/queryUserComponentData?username=选人甲')).json().result;
    expect(search.records.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect(search.size).toBe(5);
  });

  it('exports the filtered list to xlsx', async () => {
    const u = await addUser({ realname: '导出人' });
    const res = await call(admin, 'GET', `/sys/user/exportXls?username=${u.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('用户账号');
    expect(sheet.getRow(2).getCell(1).value).toBe(u.username);
    expect(sheet.getRow(2).getCell(2).value).toBe('导出人');
    expect(sheet.rowCount).toBe(2);
  });
});

export { DEMO_PASSWORD };
