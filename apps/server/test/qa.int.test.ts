import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser } from '../src/modules/platform/system/tables.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

const API = '/aps/questionsandanswers/questionsAndAnswers';

let t: TestApp;
let admin: string;
/** A buyer: may read the FAQ but holds no qa:edit. */
let reader: string;
/** userEnd 3 (供应商端). */
let supplier: string;
/** The admin of tenant 2. */
let otherTenant: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  reader = await t.login((await t.createUser({ roles: ['buyer'] })).username);
  const s = await t.createUser({ roles: ['supplier'] });
  await t.db.update(sysUser).set({ userEnd: '3' }).where(eq(sysUser.id, s.id));
  supplier = await t.login(s.username);
  otherTenant = await t.login((await t.createUser({ roles: ['admin'], tenantId: 2, departs: ['B01'] })).username);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    headers: token ? { 'x-access-token': token } : {},
    ...(payload ? { payload } : {}),
  });

/** A marker unique to one test, so that lists can be filtered to the rows it made. */
const marker = () => `标记${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function add(token: string, body: Record<string, unknown>) {
  const res = await call(token, 'POST', '/add', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; qaType: string; useType: string; displayOrder: number };
}

async function list(token: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await call(token, 'GET', `/list?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { records: { id: string; questionContent: string; useType: string }[]; total: number };
}

function multipart(files: { name: string; content: Buffer }[]) {
  const boundary = `----aps${Date.now().toString(16)}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${f.name}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    f.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function sheet(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('问题答疑');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importFiles(token: string, files: { name: string; content: Buffer }[]) {
  const { payload, headers } = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: `${API}/importExcel`,
    payload,
    headers: { ...headers, 'x-access-token': token },
  });
}

describe('FAQ CRUD', () => {
  it('adds with the form defaults, reads, edits and soft-deletes an entry', async () => {
    const m = marker();
    const created = await add(admin, {
      questionContent: `${m} 如何报名？`,
      answerContent: '进入采购公告报名。',
      useType: '0',
    });
    // displayOrder defaults to 1; qaType is not on the form: the server fills '5' (其他) from dictionary qa_type.
    expect(created).toMatchObject({ displayOrder: 1, qaType: '5', useType: '0' });

    const byId = await call(reader, 'GET', `/queryById?id=${created.id}`);
    expect(byId.json().result).toMatchObject({
      id: created.id,
      questionContent: `${m} 如何报名？`,
      delState: 0,
      createBy: 'admin',
    });

    const edited = await call(admin, 'PUT', '/edit', {
      id: created.id,
      questionContent: `${m} 如何报名参加采购？`,
      answerContent: '登录后进入采购公告，点击报名。',
      useType: '1',
      displayOrder: 3,
    });
    expect(edited.json()).toMatchObject({
      success: true,
      message: '编辑成功!',
      result: { useType: '1', displayOrder: 3, qaType: '5', updateBy: 'admin' },
    });

    const removed = await call(admin, 'DELETE', `/delete?id=${created.id}`);
    expect(removed.json()).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call(admin, 'GET', `/queryById?id=${created.id}`)).statusCode).toBe(404);
    expect((await list(admin, { keyword: m })).total).toBe(0);
    // A deleted entry cannot be edited or deleted again.
    expect((await call(admin, 'DELETE', `/delete?id=${created.id}`)).statusCode).toBe(404);
  });

  it('lists with a keyword on question or answer, a useType filter and an allow-listed sort', async () => {
    const m = marker();
    const a = await add(admin, { questionContent: `${m} 甲`, answerContent: '答案一', useType: '1', displayOrder: 2 });
    const b = await add(admin, {
      questionContent: '乙问题',
      answerContent: `答案含 ${m}`,
      useType: '0',
      displayOrder: 1,
    });
    const c = await add(admin, { questionContent: `${m} 丙`, answerContent: '答案三', useType: '0', displayOrder: 3 });

    // §7 default: createTime desc.
    expect((await list(admin, { keyword: m })).records.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    const byOrder = await list(admin, { keyword: m, column: 'displayOrder', order: 'asc' });
    expect(byOrder.records.map((r) => r.id)).toEqual([b.id, a.id, c.id]);
    expect((await list(admin, { keyword: m, useType: '0' })).records.map((r) => r.id)).toEqual([c.id, b.id]);
    const paged = await list(admin, { keyword: m, pageNo: 2, pageSize: 2 });
    expect(paged).toMatchObject({ total: 3, records: [{ id: a.id }] });

    const badSort = await call(admin, 'GET', '/list?column=question_content;drop');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toBe('不支持按该字段排序');
    // LIKE wildcards in the keyword are literal.
    expect((await list(admin, { keyword: '%' })).records.every((r) => r.questionContent.includes('%'))).toBe(true);
  });

  it('batch-deletes the given ids (comma string) and refuses an empty selection', async () => {
    const m = marker();
    const ids = [];
    for (const i of [1, 2, 3])
      ids.push((await add(admin, { questionContent: `${m}-${i}`, answerContent: 'x', useType: '0' })).id);
    const res = await call(admin, 'DELETE', `/deleteBatch?ids=${ids[0]},${ids[1]}`);
    expect(res.json()).toMatchObject({ success: true, result: 2, message: '批量删除成功!' });
    expect((await list(admin, { keyword: m })).records.map((r) => r.id)).toEqual([ids[2]]);
    const none = await call(admin, 'DELETE', '/deleteBatch?ids=');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('请选择一条记录！');
  });
});

describe('FAQ validation (§5 messages verbatim)', () => {
  it.each([
    [{ answerContent: 'a', useType: '0' }, '请输入问题描述!'],
    [{ questionContent: '   ', answerContent: 'a', useType: '0' }, '请输入问题描述!'],
    [{ questionContent: 'q', answerContent: '', useType: '0' }, '请输入答案内容!'],
    [{ questionContent: 'q', answerContent: 'a' }, '请选择是否供应商可见'],
    [{ questionContent: 'q', answerContent: 'a', useType: '2' }, '请选择是否供应商可见'],
    [{ questionContent: 'q', answerContent: 'a', useType: '0', qaType: '' }, '请选择问题分类!'],
    [{ questionContent: 'q', answerContent: 'a', useType: '0', qaType: '99' }, '请选择问题分类!'],
    [{ questionContent: 'q', answerContent: 'a', useType: '0', displayOrder: 1.5 }, '排序须为0到99999之间的整数'],
  ])('refuses %j with its message', async (body, message) => {
    const res = await call(admin, 'POST', '/add', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('accepts a qaType from the dictionary', async () => {
    expect(
      (await add(admin, { questionContent: marker(), answerContent: 'a', useType: '0', qaType: '2' })).qaType,
    ).toBe('2');
  });
});

describe('FAQ permissions (§6: add, edit, delete need qa:edit)', () => {
  it('lets a user without qa:edit read but refuses every write with 403', async () => {
    const entry = await add(admin, { questionContent: marker(), answerContent: 'a', useType: '0' });
    expect((await call(reader, 'GET', `/queryById?id=${entry.id}`)).statusCode).toBe(200);
    const writes = [
      call(reader, 'POST', '/add', { questionContent: 'q', answerContent: 'a', useType: '0' }),
      call(reader, 'PUT', '/edit', { id: entry.id, questionContent: 'q', answerContent: 'a', useType: '0' }),
      call(reader, 'DELETE', `/delete?id=${entry.id}`),
      call(reader, 'DELETE', `/deleteBatch?ids=${entry.id}`),
      importFiles(reader, [
        {
          name: 'a.xlsx',
          content: await sheet([
            ['问题描述', '答案内容'],
            ['q', 'a'],
          ]),
        },
      ]),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('拒绝访问');
    }
    expect((await call(admin, 'GET', `/queryById?id=${entry.id}`)).json().result.questionContent).toBe(
      (await call(reader, 'GET', `/queryById?id=${entry.id}`)).json().result.questionContent,
    );
  });

  it('needs a login to list, read or export', async () => {
    for (const url of ['/list', '/queryById?id=00000000-0000-4000-8000-000000000000', '/exportXls']) {
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    }
  });
});

describe('FAQ tenant isolation', () => {
  it("never shows, edits or deletes another tenant's entries", async () => {
    const m = marker();
    const entry = await add(admin, { questionContent: m, answerContent: 'a', useType: '1' });
    expect((await list(otherTenant, { keyword: m })).total).toBe(0);
    expect((await call(otherTenant, 'GET', `/queryById?id=${entry.id}`)).statusCode).toBe(404);
    const edit = await call(otherTenant, 'PUT', '/edit', {
      id: entry.id,
      questionContent: 'x',
      answerContent: 'x',
      useType: '0',
    });
    expect(edit.statusCode).toBe(404);
    expect((await call(otherTenant, 'DELETE', `/deleteBatch?ids=${entry.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/queryById?id=${entry.id}`)).json().result.questionContent).toBe(m);
    // The public list is per tenant too.
    const pub = await t.app.inject({ url: `${API}/publicList?tenantId=2&keyword=${encodeURIComponent(m)}` });
    expect(pub.json().result).toEqual([]);
  });
});

describe('FAQ supplier visibility', () => {
  it('shows suppliers and the public /moreHelp list only useType 1 entries', async () => {
    const m = marker();
    const shown = await add(admin, { questionContent: `${m} 可见`, answerContent: 'a', useType: '1', displayOrder: 2 });
    const hidden = await add(admin, { questionContent: `${m} 不可见`, answerContent: 'a', useType: '0' });
    const first = await add(admin, { questionContent: `${m} 靠前`, answerContent: 'a', useType: '1', displayOrder: 1 });

    expect((await list(admin, { keyword: m })).total).toBe(3);
    expect((await list(supplier, { keyword: m })).records.map((r) => r.id).sort()).toEqual([shown.id, first.id].sort());
    // Asking for staff-only entries does not get around it.
    expect((await list(supplier, { keyword: m, useType: '0' })).total).toBe(0);
    expect((await call(supplier, 'GET', `/queryById?id=${hidden.id}`)).statusCode).toBe(404);
    expect((await call(supplier, 'GET', `/queryById?id=${shown.id}`)).statusCode).toBe(200);

    const pub = await t.app.inject({ url: `${API}/publicList?keyword=${encodeURIComponent(m)}` });
    expect(pub.statusCode).toBe(200);
    const entries = pub.json().result as { id: string; createBy?: string }[];
    expect(entries.map((e) => e.id)).toEqual([first.id, shown.id]);
    expect(entries[0]).not.toHaveProperty('createBy');
  });

  it('seeds demo entries for /moreHelp in tenant 1', async () => {
    const pub = await t.app.inject({ url: `${API}/publicList` });
    const questions = (pub.json().result as { questionContent: string }[]).map((e) => e.questionContent);
    expect(questions).toContain('供应商如何注册账号？');
    expect(questions).not.toContain('评审专家如何提交打分？');
  });
});

describe('FAQ export and import', () => {
  it('exports a real .xlsx with Chinese headers, honouring filters and selections', async () => {
    const m = marker();
    const a = await add(admin, { questionContent: `${m} 一`, answerContent: '答一', useType: '1', qaType: '1' });
    await add(admin, { questionContent: `${m} 二`, answerContent: '答二', useType: '0' });

    const res = await call(reader, 'GET', `/exportXls?keyword=${encodeURIComponent(m)}&column=displayOrder&order=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E9%97%AE%E9%A2%98%E7%AD%94%E7%96%91.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    expect(ws?.getRow(1).values).toEqual([
      undefined,
      '问题描述',
      '答案内容',
      '问题分类',
      '是否供应商可见',
      '排序',
      '创建人',
      '创建时间',
    ]);
    expect(ws?.rowCount).toBe(3);
    const rows = [ws?.getRow(2).values, ws?.getRow(3).values].map((v) => (v as unknown[]).slice(1, 6));
    expect(rows).toContainEqual([`${m} 一`, '答一', '账号与登录', '是', 1]);
    expect(rows).toContainEqual([`${m} 二`, '答二', '其他', '否', 1]);

    const selected = await call(admin, 'GET', `/exportXls?selections=${a.id}`);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(selected.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb2.worksheets[0]?.rowCount).toBe(2);
    expect(wb2.worksheets[0]?.getRow(2).getCell(1).value).toBe(`${m} 一`);
  });

  it('imports good rows (round trip of an export) and reports bad rows with code 201 and an error file', async () => {
    const m = marker();
    const good = await sheet([
      ['问题描述', '答案内容', '问题分类', '是否供应商可见', '排序'],
      [`${m} 导入一`, '答案一', '采购流程', '是', 4],
      [`${m} 导入二`, '答案二', '', '', ''],
    ]);
    const ok = await importFiles(admin, [{ name: '问答.xlsx', content: good }]);
    expect(ok.json()).toMatchObject({
      success: true,
      code: 200,
      result: { total: 2, imported: 2, failed: 0, fileUrl: null },
    });
    const imported = await list(admin, { keyword: m, column: 'displayOrder', order: 'asc' });
    expect(imported.records).toMatchObject([
      { questionContent: `${m} 导入二`, useType: '0', displayOrder: 1, qaType: '5' },
      { questionContent: `${m} 导入一`, useType: '1', displayOrder: 4, qaType: '2' },
    ]);

    const bad = await sheet([
      ['问题描述', '答案内容', '问题分类', '是否供应商可见', '排序'],
      [`${m} 好行`, '答案', '其他', '否', 2],
      ['', '没有问题的答案', '', '', ''],
      [`${m} 坏分类`, '答案', '不存在的分类', '否', ''],
      [`${m} 坏排序`, '', '', '也许', 'abc'],
    ]);
    const partial = await importFiles(admin, [
      { name: 'bad.xlsx', content: bad },
      {
        name: 'second.xlsx',
        content: await sheet([
          ['问题描述', '答案内容'],
          [`${m} 第二个文件`, '答案'],
        ]),
      },
    ]);
    const body = partial.json();
    expect(body).toMatchObject({ success: true, code: 201, result: { total: 5, imported: 2, failed: 3 } });
    expect(body.result.msg).toBe('共5行，成功2行，失败3行');
    expect((await list(admin, { keyword: m })).total).toBe(4);

    // The report: only the uploader may download it; it names the file, the row and every message.
    const url = `/aps${body.result.fileUrl}`;
    expect((await t.app.inject({ url, headers: { 'x-access-token': reader } })).statusCode).toBe(404);
    const report = await t.app.inject({ url, headers: { 'x-access-token': admin } });
    expect(report.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(report.rawPayload as unknown as ExcelJS.Buffer);
    const lines = wb.worksheets[0]
      ?.getSheetValues()
      .slice(2)
      .map((r) => {
        const v = r as unknown[];
        return [v[1], v[2], v[8]];
      });
    expect(lines).toEqual([
      ['bad.xlsx', 3, '请输入问题描述!'],
      ['bad.xlsx', 4, '请选择问题分类!'],
      ['bad.xlsx', 5, '请输入答案内容!；请选择是否供应商可见；排序须为0到99999之间的整数'],
    ]);
  });

  it('refuses files that are not readable workbooks, with clear messages', async () => {
    const legacy = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    const cases: [{ name: string; content: Buffer }, string][] = [
      [{ name: 'a.csv', content: Buffer.from('a,b') }, 'a.csv：只能导入 .xls 或 .xlsx 文件'],
      [{ name: 'old.xls', content: legacy }, 'old.xls：文件已损坏或不是有效的Excel文件'],
      [{ name: 'fake.xlsx', content: Buffer.from('not a zip') }, 'fake.xlsx：只能导入 .xls 或 .xlsx 文件'],
      [
        {
          name: 'cols.xlsx',
          content: await sheet([
            ['问题', '答案'],
            ['q', 'a'],
          ]),
        },
        'cols.xlsx：模板不正确，缺少列 问题描述、答案内容',
      ],
      [{ name: 'empty.xlsx', content: await sheet([['问题描述', '答案内容']]) }, '文件中没有可导入的数据'],
    ];
    for (const [file, message] of cases) {
      const res = await importFiles(admin, [file]);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const noFile = await t.app.inject({
      method: 'POST',
      url: `${API}/importExcel`,
      headers: { 'x-access-token': admin, 'content-type': 'application/json' },
      payload: {},
    });
    expect(noFile.json().message).toBe('未上传任何文件');
  });
});
