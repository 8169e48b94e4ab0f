import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseRecord } from '../src/modules/procurement/purchase/tables.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
let otherUser: string;
let users: { id: string; username: string }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  users = [await t.createUser({ roles: ['buyer'] }), await t.createUser({ roles: ['buyer'] })];
  otherUser = await t.login((await t.createUser({ roles: ['admin'] })).username);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'x-access-token': token }, ...(payload ? { payload } : {}) });

/** The query string as the spec's client builds it: superQueryParams = encodeURIComponent(JSON.stringify(lines)). */
const qs = (lines: object[], matchType = 'and', extra: Record<string, string> = {}) =>
  new URLSearchParams({
    pageNo: '1',
    pageSize: '50',
    superQueryParams: encodeURIComponent(JSON.stringify(lines)),
    superQueryMatchType: matchType,
    ...extra,
  }).toString();

describe('user list with the advanced query', () => {
  it('filters with AND and OR, values bound', async () => {
    const a = users[0]!;
    const b = users[1]!;
    const or = await call(
      admin,
      'GET',
      `/aps/sys/user/list?${qs(
        [
          { field: 'username', rule: 'eq', val: a.username },
          { field: 'username', rule: 'eq', val: b.username },
        ],
        'or',
      )}`,
    );
    expect(or.statusCode, or.body).toBe(200);
    expect(
      or
        .json()
        .result.records.map((r: { username: string }) => r.username)
        .sort(),
    ).toEqual([a.username, b.username].sort());

    const and = await call(
      admin,
      'GET',
      `/aps/sys/user/list?${qs([
        { field: 'username', rule: 'right_like', val: a.username.slice(0, 6) },
        { field: 'username', rule: 'in', val: [a.username, 'nobody'] },
        { field: 'status', rule: 'eq', val: 1 },
      ])}`,
    );
    expect(and.json().result.records.map((r: { username: string }) => r.username)).toEqual([a.username]);

    const injected = await call(
      admin,
      'GET',
      `/aps/sys/user/list?${qs([{ field: 'username', rule: 'eq', val: "x' OR '1'='1" }])}`,
    );
    expect(injected.statusCode).toBe(200);
    expect(injected.json().result.total).toBe(0);
  });

  it('refuses a field outside the allow-list and malformed parameters in Chinese', async () => {
    const field = await call(
      admin,
      'GET',
      `/aps/sys/user/list?${qs([{ field: 'password_hash', rule: 'like', val: '$' }])}`,
    );
    expect(field.statusCode).toBe(400);
    expect(field.json()).toMatchObject({ success: false, code: 400, message: '不支持按该字段查询：password_hash' });

    const json = await call(admin, 'GET', '/aps/sys/user/list?superQueryParams=%7Bnot');
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toContain('高级查询参数格式有误');

    const number = await call(
      admin,
      'GET',
      `/aps/sys/user/list?${qs([{ field: 'status', rule: 'eq', val: '1 OR 1=1' }])}`,
    );
    expect(number.statusCode).toBe(400);
    expect(number.json().message).toBe('状态的值必须是数字');
  });

  it('reads the §5 wrapped search values', async () => {
    const a = users[0]!;
    const like = await call(admin, 'GET', `/aps/sys/user/list?username=${encodeURIComponent(`*${a.username}*`)}`);
    expect(like.json().result.records.map((r: { username: string }) => r.username)).toEqual([a.username]);
    const ne = await call(
      admin,
      'GET',
      `/aps/sys/user/list?pageSize=50&username=${encodeURIComponent(`!${a.username}`)}`,
    );
    expect(ne.json().result.records.some((r: { username: string }) => r.username === a.username)).toBe(false);
    expect(ne.json().result.total).toBeGreaterThan(0);
  });

  it('exports only the rows the advanced query selects', async () => {
    const a = users[0]!;
    const res = await call(
      admin,
      'GET',
      `/aps/sys/user/exportXls?${qs([{ field: 'username', rule: 'eq', val: a.username }])}`,
    );
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(a.username);
  });
});

describe('FAQ list with the advanced query', () => {
  it('filters list and export, refuses unknown fields', async () => {
    const mark = `高级${Date.now().toString(36)}`;
    for (const [question, order] of [
      [`${mark}甲`, 7],
      [`${mark}乙`, 8],
    ] as const) {
      const res = await call(admin, 'POST', '/aps/questionsandanswers/questionsAndAnswers/add', {
        questionContent: question,
        answerContent: '答案',
        useType: '0',
        displayOrder: order,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const lines = [
      { field: 'questionContent', rule: 'right_like', val: mark },
      { field: 'displayOrder', rule: 'ge', val: '8' },
    ];
    const list = await call(admin, 'GET', `/aps/questionsandanswers/questionsAndAnswers/list?${qs(lines)}`);
    expect(list.json().result.records.map((r: { questionContent: string }) => r.questionContent)).toEqual([
      `${mark}乙`,
    ]);

    const exported = await call(admin, 'GET', `/aps/questionsandanswers/questionsAndAnswers/exportXls?${qs(lines)}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(2);

    const bad = await call(
      admin,
      'GET',
      `/aps/questionsandanswers/questionsAndAnswers/list?${qs([{ field: 'tenant_id', rule: 'eq', val: '2' }])}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('不支持按该字段查询：tenant_id');
  });
});

/**
 * Purchase rows of our own (a stamp in every code): three in project A01A01A01, one in another project
 * (A01A02A01) and one in the other tenant, so the checks hold whatever else the database holds.
 */
describe('purchase record list with the advanced query', () => {
  const stamp = `SQ${Date.now().toString(36).toUpperCase()}`;
  const row = (n: number, name: string, stage: number, fixedPrice: string, orgCode = 'A01A01A01', tenantId = 1) => ({
    tenantId,
    sysOrgCode: orgCode,
    purchaseNo: `${stamp}-${n}`,
    purchaseCode: `${stamp}-${n}`,
    purchaseName: `${stamp}${name}`,
    purchaseCategory: '3',
    purchaseStage: stage,
    fixedPrice,
    packageNo: 'BB01',
    packageName: '第1标段',
  });
  const list = (lines: object[], matchType = 'and', extra: Record<string, string> = {}, token = admin) =>
    call(token, 'GET', `/aps/purchase/purchaseRecord/list?${qs(lines, matchType, extra)}`);
  const codes = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode, res.body).toBe(200);
    const { records, total } = res.json().result as { records: { purchaseCode: string }[]; total: number };
    expect(total).toBe(records.length);
    return records.map((r) => r.purchaseCode.slice(stamp.length + 1)).sort();
  };

  beforeAll(async () => {
    await t.db
      .insert(purchaseRecord)
      .values([
        row(1, '钢筋', 3, '100000.00'),
        row(2, '水泥', 9, '500000.00'),
        row(3, '钢管', 12, '900000.00'),
        row(4, '钢筋', 9, '300000.00', 'A01A02A01'),
        row(5, '钢筋', 9, '300000.00', 'B01A01', 2),
      ]);
  });

  it('filters with AND, OR and in, counting the total of what it selects', async () => {
    const mine = { field: 'purchaseCode', rule: 'right_like', val: stamp };
    expect(codes(await list([mine, { field: 'purchaseStage', rule: 'ge', val: '9' }]))).toEqual(['2', '3', '4']);
    expect(codes(await list([mine, { field: 'purchaseStage', rule: 'in', val: ['3', '12'] }]))).toEqual(['1', '3']);
    expect(
      codes(
        await list([
          mine,
          { field: 'purchaseName', rule: 'left_like', val: '钢筋' },
          { field: 'fixedPrice', rule: 'lt', val: '200000' },
        ]),
      ),
    ).toEqual(['1']);
    // OR inside the list's other filters: (name = 钢筋 OR price > 800000) AND code contains the stamp.
    const or = await list(
      [
        { field: 'purchaseName', rule: 'eq', val: `${stamp}钢筋` },
        { field: 'fixedPrice', rule: 'gt', val: '800000' },
      ],
      'or',
      { purchaseCode: stamp },
    );
    expect(codes(or)).toEqual(['1', '3', '4']);
  });

  it('never widens the tenant or the data scope, whatever the match type', async () => {
    const projectBuyer = await t.login(
      (await t.createUser({ roles: ['project_buyer'], departs: ['A01A01A01'] })).username,
    );
    const any = [1, 4, 5].map((n) => ({ field: 'purchaseCode', rule: 'eq', val: `${stamp}-${n}` }));
    expect(codes(await list(any, 'or', {}, projectBuyer))).toEqual(['1']);
    expect(codes(await list(any, 'or'))).toEqual(['1', '4']);
  });

  it('refuses fields outside its allow-list and values of the wrong type; values are bound', async () => {
    for (const field of ['tenantId', 'sysOrgCode', 'tenant_id', '__proto__']) {
      const res = await list([{ field, rule: 'eq', val: '2' }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`不支持按该字段查询：${field}`);
    }
    const price = await list([{ field: 'fixedPrice', rule: 'gt', val: '0 OR 1=1' }]);
    expect(price.statusCode).toBe(400);
    expect(price.json().message).toBe('限价（元）的值必须是数字');
    const time = await list([{ field: 'createTime', rule: 'ge', val: "2026-01-01'; DROP TABLE purchase_record;--" }]);
    expect(time.statusCode).toBe(400);
    expect(time.json().message).toContain('创建时间的值必须是日期');
    expect(codes(await list([{ field: 'purchaseName', rule: 'like', val: "%' OR '1'='1" }]))).toEqual([]);
    expect(codes(await list([{ field: 'purchaseName', rule: 'like', val: '%' }]))).toEqual([]);
  });

  it('saves queries under its own list key, on its own fields only', async () => {
    const title = `采购${Date.now().toString(36)}`;
    const records = [{ field: 'purchaseStage', rule: 'ge', val: '9' }];
    const saved = await call(admin, 'POST', '/aps/sys/superQuery/save', { listKey: 'purchase_record', title, records });
    expect(saved.statusCode, saved.body).toBe(200);
    const mine = await call(admin, 'GET', '/aps/sys/superQuery/list?listKey=purchase_record');
    expect(mine.json().result.find((q: { title: string }) => q.title === title)).toMatchObject({ records });
    const users = await call(admin, 'GET', '/aps/sys/superQuery/list?listKey=sys_user');
    expect(users.json().result.some((q: { title: string }) => q.title === title)).toBe(false);
    const wrong = await call(admin, 'POST', '/aps/sys/superQuery/save', {
      listKey: 'purchase_record',
      title: `${title}x`,
      records: [{ field: 'username', rule: 'eq', val: 'admin' }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('不支持按该字段查询：username');
  });
});

describe('saved queries', () => {
  const body = (title: string, extra: object = {}) => ({
    listKey: 'sys_user',
    title,
    matchType: 'or',
    records: [{ field: 'username', rule: 'like', val: 'ad' }],
    ...extra,
  });

  it('saves, refuses a duplicate name unless overwrite, lists per user, deletes', async () => {
    const title = `查询${Date.now().toString(36)}`;
    const saved = await call(admin, 'POST', '/aps/sys/superQuery/save', body(title));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('保存成功');

    const again = await call(admin, 'POST', '/aps/sys/superQuery/save', body(title));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${title}已存在，是否覆盖？`);

    const over = await call(
      admin,
      'POST',
      '/aps/sys/superQuery/save',
      body(title, { overwrite: true, matchType: 'and', records: [{ field: 'realname', rule: 'eq', val: 'x' }] }),
    );
    expect(over.statusCode).toBe(200);
    expect(over.json().result.id).toBe(saved.json().result.id);

    const mine = await call(admin, 'GET', '/aps/sys/superQuery/list?listKey=sys_user');
    const entry = mine.json().result.find((q: { title: string }) => q.title === title);
    expect(entry).toMatchObject({ matchType: 'and', records: [{ field: 'realname', rule: 'eq', val: 'x' }] });

    const theirs = await call(otherUser, 'GET', '/aps/sys/superQuery/list?listKey=sys_user');
    expect(theirs.json().result.some((q: { title: string }) => q.title === title)).toBe(false);
    const steal = await call(otherUser, 'DELETE', `/aps/sys/superQuery/delete?id=${entry.id}`);
    expect(steal.statusCode).toBe(404);

    const removed = await call(admin, 'DELETE', `/aps/sys/superQuery/delete?id=${entry.id}`);
    expect(removed.statusCode).toBe(200);
  });

  it('refuses empty conditions, a blank name and unknown fields with the §5 texts', async () => {
    const empty = await call(admin, 'POST', '/aps/sys/superQuery/save', body('x', { records: [] }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('空条件不能保存');
    const blankLine = await call(
      admin,
      'POST',
      '/aps/sys/superQuery/save',
      body('x', { records: [{ field: 'username', rule: 'eq', val: ' ' }] }),
    );
    expect(blankLine.json().message).toBe('空条件不能保存');
    const name = await call(admin, 'POST', '/aps/sys/superQuery/save', body('  '));
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toBe('保存名称不能为空');
    const field = await call(
      admin,
      'POST',
      '/aps/sys/superQuery/save',
      body('x', { records: [{ field: 'password_hash', rule: 'eq', val: '1' }] }),
    );
    expect(field.json().message).toBe('不支持按该字段查询：password_hash');
  });
});
