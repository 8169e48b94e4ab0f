import { qaImportRowSchema } from '@aps/shared';
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExcelImporter } from '../src/modules/platform/excel/import.ts';
import { createImportErrorStore } from '../src/modules/platform/excel/service.ts';
import { qaQuestionsAndAnswers as qa } from '../src/modules/platform/qa/tables.ts';
import { sysUser } from '../src/modules/platform/system/tables.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

const QA = '/aps/questionsandanswers/questionsAndAnswers';
const HEADERS = ['问题描述', '答案内容', '问题分类', '是否供应商可见', '排序'];

let t: TestApp;
let admin: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  const [row] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin'));
  adminId = row?.id ?? '';
});
afterAll(() => t.close());

const marker = () => `EX${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function sheet(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('问题答疑');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(files: { name: string; content: Buffer }[]) {
  const boundary = `----aps${Date.now().toString(16)}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${f.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    f.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function importFiles(files: { name: string; content: Buffer }[]) {
  const { payload, headers } = multipart(files);
  const res = await t.app.inject({
    method: 'POST',
    url: `${QA}/importExcel`,
    payload,
    headers: { ...headers, 'x-access-token': admin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const questionsWith = async (m: string) =>
  (
    await t.db
      .select({ q: qa.questionContent })
      .from(qa)
      .where(and(like(qa.questionContent, `${m}%`), eq(qa.delState, 0)))
  )
    .map((r) => r.q)
    .sort();

async function readReport(fileUrl: string) {
  const res = await t.app.inject({ url: `/aps${fileUrl}`, headers: { 'x-access-token': admin } });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  const header = ((ws?.getRow(1).values ?? []) as unknown[]).slice(1);
  const lines: Record<string, unknown>[] = [];
  ws?.eachRow((row, n) => {
    if (n === 1) return;
    const v = (row.values as unknown[]).slice(1);
    lines.push(Object.fromEntries(header.map((h, i) => [String(h), v[i] ?? ''])));
  });
  return { header, lines };
}

describe('Excel import kit', () => {
  it('imports the good rows of a file with 2 bad rows and reports exactly those 2 with their reasons', async () => {
    const m = marker();
    const body = await importFiles([
      {
        name: '两行错误.xlsx',
        content: await sheet([
          HEADERS,
          [`${m} 一`, '答一', '其他', '是', 1],
          ['', '缺问题', '', '', ''],
          [`${m} 三`, '答三', '', '', 3],
          [`${m} 四`, '', '', '', ''],
          [`${m} 五`, '答五', '', '否', ''],
        ]),
      },
    ]);
    expect(body).toMatchObject({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: {
        total: 5,
        imported: 3,
        failed: 2,
        msg: '共5行，成功3行，失败2行',
        files: [{ fileName: '两行错误.xlsx', total: 5, imported: 3, failed: 2 }],
      },
    });
    expect(await questionsWith(m)).toEqual([`${m} 一`, `${m} 三`, `${m} 五`]);
    const report = await readReport(body.result.fileUrl);
    expect(report.header).toEqual(['文件', '行号', ...HEADERS, '错误信息']);
    expect(report.lines.map((l) => [l.文件, l.行号, l.问题描述, l.错误信息])).toEqual([
      ['两行错误.xlsx', 3, '', '请输入问题描述!'],
      ['两行错误.xlsx', 5, `${m} 四`, '请输入答案内容!'],
    ]);
  });

  it('treats two files of one request independently', async () => {
    const m = marker();
    const body = await importFiles([
      { name: 'a.xlsx', content: await sheet([HEADERS, [`${m} a1`, '答'], ['', '答']]) },
      {
        name: 'b.xlsx',
        content: await sheet([
          ['问题描述', '答案内容'],
          [`${m} b1`, '答'],
          [`${m} b2`, '答'],
        ]),
      },
    ]);
    expect(body.code).toBe(201);
    expect(body.result.files).toEqual([
      { fileName: 'a.xlsx', total: 2, imported: 1, updated: 0, failed: 1 },
      { fileName: 'b.xlsx', total: 2, imported: 2, updated: 0, failed: 0 },
    ]);
    expect(await questionsWith(m)).toEqual([`${m} a1`, `${m} b1`, `${m} b2`]);
    const report = await readReport(body.result.fileUrl);
    expect(report.lines.map((l) => [l.文件, l.行号])).toEqual([['a.xlsx', 3]]);
  });

  it('rolls back a file whose write fails part-way, leaving no partial rows, while the other file stays', async () => {
    const m = marker();
    const importer = createExcelImporter({ db: t.db, importErrors: createImportErrorStore({ db: t.db }) });
    const spec = {
      title: '测试',
      headers: ['问题描述', '答案内容'],
      requiredHeaders: ['问题描述', '答案内容'],
      schema: qaImportRowSchema,
      toInput: (row: { cells: Record<string, string> }) => ({
        questionContent: row.cells.问题描述,
        answerContent: row.cells.答案内容,
        useType: '0',
      }),
      prepare: (data: { questionContent: string; answerContent: string }) => ({
        tenantId: 1,
        questionContent: data.questionContent,
        answerContent: data.answerContent,
        useType: '0',
        displayOrder: 1,
        qaType: '5',
      }),
      existingRows: { policy: 'refuse', text: '已存在的行不导入' } as const,
      // One row at a time, and the database refuses the third row of "broken.xlsx" (a NOT NULL column).
      insert: async (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0], rows: (typeof qa.$inferInsert)[]) => {
        for (const row of rows) {
          const poison = row.questionContent.endsWith('坏');
          await tx.insert(qa).values(poison ? { ...row, answerContent: null as unknown as string } : row);
        }
        return 0;
      },
    };
    const result = await importer(
      { tenantId: 1, userId: adminId },
      [
        {
          fileName: 'broken.xlsx',
          content: await sheet([
            ['问题描述', '答案内容'],
            [`${m} x1`, '答'],
            [`${m} x2`, '答'],
            [`${m} x3坏`, '答'],
            ['', '答'],
          ]),
        },
        {
          fileName: 'fine.xlsx',
          content: await sheet([
            ['问题描述', '答案内容'],
            [`${m} y1`, '答'],
          ]),
        },
      ],
      spec,
    );

    // Nothing of broken.xlsx was written, although two of its rows went in before the failure.
    expect(await questionsWith(m)).toEqual([`${m} y1`]);
    expect(result).toMatchObject({
      total: 5,
      imported: 1,
      failed: 4,
      files: [
        { fileName: 'broken.xlsx', total: 4, imported: 0, failed: 4 },
        { fileName: 'fine.xlsx', total: 1, imported: 1, failed: 0 },
      ],
    });
    const report = await readReport(result.fileUrl as string);
    expect(report.lines.map((l) => [l.行号, l.错误信息])).toEqual([
      [2, '写入失败，本文件已整体回滚，未导入任何数据'],
      [3, '写入失败，本文件已整体回滚，未导入任何数据'],
      [4, '写入失败，本文件已整体回滚，未导入任何数据'],
      [5, '请输入问题描述!'],
    ]);
  });

  it('updates the entry of a question that exists instead of adding a duplicate, and refuses a question twice in one import (§7)', async () => {
    const m = marker();
    const first = await importFiles([
      {
        name: '首次.xlsx',
        content: await sheet([
          ['问题描述', '答案内容', '排序'],
          [`${m} 已有`, '旧答案', '1'],
        ]),
      },
    ]);
    expect(first).toMatchObject({ code: 200, result: { imported: 1, files: [{ updated: 0 }] } });
    const again = await importFiles([
      {
        name: '再次.xlsx',
        content: await sheet([
          ['问题描述', '答案内容', '排序'],
          [`${m} 已有`, '新答案', '7'],
          [`${m} 新增`, '答', '2'],
          [`${m} 新增`, '又一遍', '3'],
        ]),
      },
    ]);
    expect(again.code).toBe(201);
    expect(again.result).toMatchObject({ total: 3, imported: 2, failed: 1, files: [{ imported: 2, updated: 1 }] });
    expect(again.result.msg).toBe('共3行，成功2行（其中更新已有1行），失败1行');
    expect(await questionsWith(m)).toEqual([`${m} 已有`, `${m} 新增`]);
    const { rows } = await t.pool.query(
      'SELECT answer_content, display_order FROM qa_questions_and_answers WHERE question_content = $1 AND del_state = 0',
      [`${m} 已有`],
    );
    expect(rows).toEqual([{ answer_content: '新答案', display_order: 7 }]);
    const report = await readReport(again.result.fileUrl);
    expect(report.lines.map((l) => [l.行号, l.错误信息])).toEqual([[4, '与第3行的问题描述重复']]);
  });

  it('imports a legacy .xls (BIFF8) workbook and refuses a corrupt one', async () => {
    const m = marker();
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADERS, [`${m} 旧格式`, '答', '其他', '是', 2]]), 's');
    const xls = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const body = await importFiles([{ name: '旧版.xls', content: xls }]);
    expect(body).toMatchObject({ code: 200, result: { imported: 1, failed: 0 } });
    expect(await questionsWith(m)).toEqual([`${m} 旧格式`]);

    const { payload, headers } = multipart([
      { name: 'old.xls', content: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(64)]) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${QA}/importExcel`,
      payload,
      headers: { ...headers, 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('old.xls：文件已损坏或不是有效的Excel文件');
  });
});

describe('Streamed export', () => {
  it('streams every row of a list larger than one batch, narrowed by the list filter', async () => {
    const m = marker();
    await t.db.insert(qa).values(
      Array.from({ length: 1234 }, (_, i) => ({
        tenantId: 1,
        questionContent: `${m} 第${i + 1}条`,
        answerContent: '答',
        useType: i % 2 ? '1' : '0',
        displayOrder: i + 1,
        qaType: '5',
      })),
    );
    const res = await t.app.inject({
      url: `${QA}/exportXls?keyword=${encodeURIComponent(m)}&useType=1&column=displayOrder&order=asc`,
      headers: { 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    expect(ws?.rowCount).toBe(1 + 617);
    expect(ws?.getRow(2).getCell(1).value).toBe(`${m} 第2条`);
    expect(ws?.getRow(618).getCell(1).value).toBe(`${m} 第1234条`);
    const visible = new Set<unknown>();
    ws?.eachRow((row, n) => {
      if (n > 1) visible.add(row.getCell(4).value);
    });
    expect([...visible]).toEqual(['是']);
  });

  it('streams the user list with its filters', async () => {
    const a = await t.createUser();
    const res = await t.app.inject({
      url: `/aps/sys/user/exportXls?username=${a.username}`,
      headers: { 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E7%94%A8%E6%88%B7%E5%88%97%E8%A1%A8.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    expect(ws?.rowCount).toBe(2);
    expect(ws?.getRow(2).getCell(1).value).toBe(a.username);
  });

  it('answers a refused query as a JSON error, not a broken download', async () => {
    const res = await t.app.inject({
      url: `${QA}/exportXls?column=password`,
      headers: { 'x-access-token': admin },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('不支持按该字段排序');
  });
});

describe('User import', () => {
  it('imports users into the tenant with no usable password, refusing taken and invalid rows', async () => {
    const u = `im${Date.now().toString(36)}`.slice(0, 14);
    const phone = (n: number) => `139${String(Date.now() % 1e7).padStart(7, '0')}${n}`.slice(0, 11);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用户');
    ws.addRow(['用户账号', '用户姓名', '性别', '生日', '手机号', '邮箱', '职务']);
    ws.addRow([`${u}a`, '导入甲', '男', '1990-01-02', phone(1), '', '采购员']);
    ws.addRow(['admin', '重名', '', '', phone(2), '', '']);
    ws.addRow([`${u}c`, '导入丙', '女', '', '123', '', '']);
    ws.addRow([`${u}d`, '导入丁', '', '', phone(4), '', '']);
    const { payload, headers } = multipart([{ name: '用户.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/user/importExcel',
      payload,
      headers: { ...headers, 'x-access-token': admin },
    });
    const body = res.json();
    expect(body).toMatchObject({ code: 201, result: { total: 4, imported: 2, failed: 2 } });
    const report = await readReport(body.result.fileUrl);
    expect(report.lines.map((l) => [l.行号, l.错误信息])).toEqual([
      [3, '用户账号已存在'],
      [4, '请输入正确手机号'],
    ]);
    const list = await t.app.inject({
      url: `/aps/sys/user/list?username=${u}&column=username&order=asc`,
      headers: { 'x-access-token': admin },
    });
    expect(
      list
        .json()
        .result.records.map((r: { username: string; sex: number; birthday: string }) => [
          r.username,
          r.sex,
          r.birthday,
        ]),
    ).toEqual([
      [`${u}a`, 1, '1990-01-02'],
      [`${u}d`, null, null],
    ]);
    // Nobody knows the imported account's password until an administrator sets one.
    const login = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/login',
      payload: { username: `${u}a`, password: 'Aps@2026' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('needs user:add to import', async () => {
    const buyer = await t.login((await t.createUser({ roles: ['buyer'] })).username);
    const { payload, headers } = multipart([{ name: 'a.xlsx', content: Buffer.from('x') }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/aps/sys/user/importExcel',
      payload,
      headers: { ...headers, 'x-access-token': buyer },
    });
    expect(res.statusCode).toBe(403);
  });
});
