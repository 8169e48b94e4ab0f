/**
 * Bad input is the client's fault (issue 12 §5): NUL bytes, lone surrogates, dates that do not exist and ids beyond
 * their column's range answer 400 in the envelope, with or without a token, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const headers = (token?: string) => ({ ...(token ? { 'x-access-token': token } : {}), 'tenant-id': '1' });

function expectRefused(res: { statusCode: number; json(): { success: boolean; code: number } }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ success: false, code: 400 });
}

describe('NUL bytes and lone surrogates', () => {
  it('a NUL in a query answers 400 to a signed-in caller, and 401 without a token (authorised before validated, §6)', async () => {
    expectRefused(await t.app.inject({ url: '/aps/sys/user/list?realname=a%00b', headers: headers(admin) }));
    expectRefused(await t.app.inject({ url: '/aps/sys/dict/getDictItems/sex%00', headers: headers(admin) }));
    const anonymous = await t.app.inject({ url: '/aps/sys/user/list?realname=a%00b', headers: headers(undefined) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 401 });
  });

  it.each([undefined, 'admin'])('a NUL or lone surrogate in a JSON body answers 400 (token: %s)', async (who) => {
    const token = who ? admin : undefined;
    for (const username of ['ad\u0000min', '\ud800']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/aps/sys/login',
        headers: { ...headers(token), 'content-type': 'application/json' },
        payload: JSON.stringify({ username, password: 'x' }),
      });
      expectRefused(res);
    }
    const qa = await t.app.inject({
      method: 'POST',
      url: '/aps/questionsandanswers/questionsAndAnswers/add',
      headers: { ...headers(admin), 'content-type': 'application/json' },
      payload: JSON.stringify({ questionContent: 'q\u0000', answerContent: 'a', useType: '0', displayOrder: 1 }),
    });
    expectRefused(qa);
  });

  it('a CESU-encoded surrogate in the URL answers 400', async () => {
    expectRefused(await t.app.inject({ url: '/aps/sys/user/list?realname=%ED%A0%80', headers: headers(admin) }));
  });
});

describe('dates that do not exist', () => {
  it.each(['0000-00-00', '2026-13-45', '2026-02-30'])('a log filter of %s answers 400', async (date) => {
    const res = await t.app.inject({
      url: `/aps/sys/log/list?logType=1&createTime_begin=${date}`,
      headers: headers(admin),
    });
    expectRefused(res);
  });

  it('a birthday of 2026-02-30 is refused, not stored as 03-02', async () => {
    const username = `bd_${Date.now().toString(36)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/user/add',
      headers: headers(admin),
      payload: {
        username,
        realname: '生日',
        phone: `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
        birthday: '2026-02-30',
        password: 'Passw0rd1',
        confirmpassword: 'Passw0rd1',
      },
    });
    expectRefused(res);
    const { rows } = await t.pool.query('SELECT 1 FROM sys_user WHERE username = $1', [username]);
    expect(rows).toHaveLength(0);
  });
});

describe('ids beyond their column', () => {
  it.each(['2147483648', '99999999999999999999', '-1', '1.5'])('tenant id %s answers 400', async (id) => {
    expectRefused(await t.app.inject({ url: `/aps/sys/tenant/queryById?id=${id}`, headers: headers(admin) }));
  });
});
