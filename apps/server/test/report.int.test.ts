// biome-ignore-all lint/suspicious/noTemplateCurlyInString: report SQL names its parameters ${name}
import { REPORT_MESSAGES } from '@aps/shared';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qaQuestionsAndAnswers } from '../src/modules/platform/qa/tables.ts';
import { onlCgreportHead, onlCgreportItem, onlCgreportParam } from '../src/modules/platform/report/tables.ts';
import { purchaseRecord } from '../src/modules/procurement/purchase/tables.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { caller, uniqueCode } from './sys-helpers.ts';

const CODE = 'purchase_stage_report';
const API = '/online/cgreport/api';

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

async function data(query: string, token = admin, tenant = '1', code = CODE) {
  const res = await call(token, 'GET', `${API}/getData/${code}?${query}`, undefined, tenant);
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

async function tenantCount(tenantId: number, extra?: ReturnType<typeof eq>) {
  const [row] = await t.db
    .select({ n: count() })
    .from(purchaseRecord)
    .where(and(eq(purchaseRecord.tenantId, tenantId), extra));
  return Number(row?.n);
}

/** A report of the test's own, as an administrator would define it in the database. */
async function defineReport(opts: {
  tenantId?: number;
  sql: string;
  fields: string[];
  params?: { name: string; type?: string }[];
}) {
  const code = uniqueCode('rp');
  const tenantId = opts.tenantId ?? 1;
  const [head] = await t.db
    .insert(onlCgreportHead)
    .values({ tenantId, code, name: `测试报表${code}`, cgrSql: opts.sql })
    .returning();
  if (!head) throw new Error('report insert failed');
  await t.db.insert(onlCgreportItem).values(
    opts.fields.map((fieldName, i) => ({
      tenantId,
      headId: head.id,
      fieldName,
      fieldTxt: fieldName,
      isSearch: true,
      orderNum: i,
    })),
  );
  if (opts.params?.length) {
    await t.db.insert(onlCgreportParam).values(
      opts.params.map((p) => ({
        tenantId,
        headId: head.id,
        paramName: p.name,
        paramTxt: p.name,
        paramType: p.type ?? 'String',
      })),
    );
  }
  return { code, id: head.id };
}

describe('online report: the seeded purchase stage report', () => {
  it('answers its columns with the stage dictionary', async () => {
    const res = await call(admin, 'GET', `${API}/getRpColumns/${CODE}`);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(body.result.cgRpConfigName).toBe('采购记录阶段报表');
    expect(body.result.cgRpConfigId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.result.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual([
      'purchase_code',
      'purchase_name',
      'package_name',
      'purchase_stage',
      'purchase_category',
      'fixed_price',
      'depart_name',
      'create_time',
    ]);
    expect(body.result.columns[3]).toMatchObject({ title: '采购阶段', dictCode: 'purchase_stage', sorter: true });
    expect(body.result.dictOptions.purchase_stage).toContainEqual(
      expect.objectContaining({ value: '1', text: '待发布' }),
    );
    expect(Object.keys(body.result.dictOptions).sort()).toEqual(['purchase_category', 'purchase_stage']);
  });

  it('answers its query form by config id: column filters, then hidden ones and the self_ parameters', async () => {
    const { cgRpConfigId } = (await call(admin, 'GET', `${API}/getRpColumns/${CODE}`)).json().result;
    const body = (await call(admin, 'GET', `${API}/getQueryInfo/${cgRpConfigId}`)).json();
    expect(body.success).toBe(true);
    const byField = Object.fromEntries(body.result.map((q: { field: string }) => [q.field, q]));
    expect(Object.keys(byField)).toEqual([
      'purchase_code',
      'purchase_name',
      'purchase_stage',
      'self_beginDate',
      'self_endDate',
      'purchase_category',
      'fixed_price',
    ]);
    expect(byField.purchase_code).toMatchObject({ label: '采购编号', view: 'text', mode: 'single', hidden: '0' });
    expect(byField.purchase_stage).toMatchObject({ view: 'list', dictCode: 'purchase_stage', hidden: '0' });
    expect(byField.purchase_category).toMatchObject({ view: 'list', hidden: '1' });
    expect(byField.fixed_price).toMatchObject({ view: 'number', mode: 'group', hidden: '1' });
    expect(byField.self_beginDate).toMatchObject({ label: '开始日期', view: 'date', param: true });
  });

  it('pages the tenant rows with only the declared columns', async () => {
    const total = await tenantCount(1);
    const first = await data('pageNo=1&pageSize=10&column=purchase_code&order=asc');
    expect(first.body).toMatchObject({ success: true, result: { total, size: 10, current: 1 } });
    expect(first.body.result.records).toHaveLength(10);
    expect(Object.keys(first.body.result.records[0]).sort()).toEqual(
      [
        'create_time',
        'depart_name',
        'fixed_price',
        'package_name',
        'purchase_category',
        'purchase_code',
        'purchase_name',
        'purchase_stage',
      ].sort(),
    );
    expect(first.body.result.records[0].create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const second = await data('pageNo=2&pageSize=10&column=purchase_code&order=asc');
    const codes = (r: { records: { purchase_code: string }[] }) => r.records.map((x) => x.purchase_code);
    expect(codes(second.body.result)).toHaveLength(10);
    const all = [...codes(first.body.result), ...codes(second.body.result)];
    expect(all).toEqual([...all].sort());
    expect(new Set(all).size).toBe(20);
  });

  it('filters by dictionary column, text and range, and sorts by a declared column', async () => {
    const stage3 = await tenantCount(1, eq(purchaseRecord.purchaseStage, 3));
    const byStage = await data('pageSize=50&purchase_stage=3');
    expect(byStage.body.result.total).toBe(stage3);
    expect(byStage.body.result.records.every((r: { purchase_stage: string }) => r.purchase_stage === '3')).toBe(true);

    const sorted = await data('pageSize=50&column=fixed_price&order=desc&fixed_price_begin=100000');
    const prices = sorted.body.result.records.map((r: { fixed_price: string | null }) => Number(r.fixed_price));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p: number) => p >= 100000)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    const part = (await data('pageSize=1')).body.result.records[0].purchase_code.slice(3, 9);
    const matching = await tenantCount(1, like(purchaseRecord.purchaseCode, `%${part}%`));
    expect(matching).toBeGreaterThan(0);
    expect((await data(`purchase_code=*${part}*`)).body.result.total).toBe(matching);
  });

  it('binds the date range parameters', async () => {
    const stamp = uniqueCode('RPD').toUpperCase();
    const row = (n: number, createTime: Date) => ({
      tenantId: 1,
      sysOrgCode: 'A01A01A01',
      purchaseNo: `${stamp}-${n}`,
      purchaseCode: `${stamp}-${n}`,
      purchaseName: `报表日期测试${stamp}`,
      purchaseCategory: '1',
      packageNo: '1',
      packageName: '第1包',
      createTime,
    });
    await t.db
      .insert(purchaseRecord)
      .values([row(1, new Date('2001-01-15T04:00:00Z')), row(2, new Date('2001-02-15T04:00:00Z'))]);
    const q = `purchase_code=${stamp}`;
    expect((await data(q)).body.result.total).toBe(2);
    const january = await data(`${q}&self_beginDate=2001-01-01&self_endDate=2001-01-31`);
    expect(january.body.result.total).toBe(1);
    expect(january.body.result.records[0].purchase_code).toBe(`${stamp}-1`);
    expect((await data(`${q}&self_beginDate=2001-02-01`)).body.result.total).toBe(1);
  });

  it('refuses an undeclared sort column and a badly formed value without running anything', async () => {
    for (const column of ['tenant_id', 'purchase_code; DROP TABLE purchase_record', '1']) {
      const res = await data(`column=${encodeURIComponent(column)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(REPORT_MESSAGES.badSort);
    }
    const bad = await data(`self_beginDate=${encodeURIComponent("2001-01-01' OR '1'='1")}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(REPORT_MESSAGES.badFilter);
    expect((await data('fixed_price_begin=1e9;select')).body.message).toBe(REPORT_MESSAGES.badFilter);
  });
});

describe('online report: parameters are bound, never text', () => {
  it('an injection attempt in a parameter or filter value returns no extra rows and no error', async () => {
    const report = await defineReport({
      sql: 'SELECT purchase_code, purchase_name FROM purchase_record WHERE tenant_id = ${sys_tenant_id} AND purchase_name = ${name}',
      fields: ['purchase_code', 'purchase_name'],
      params: [{ name: 'name' }],
    });
    const attempts = ["x' OR '1'='1", "x'; DELETE FROM purchase_record; --", '${sys_tenant_id}', '%'];
    for (const attempt of attempts) {
      const res = await data(`self_name=${encodeURIComponent(attempt)}`, admin, '1', report.code);
      expect(res.body, res.raw).toMatchObject({ success: true, result: { total: 0, records: [] } });
    }
    for (const attempt of ["' OR 1=1 --", '%', '_', '\\']) {
      const res = await data(`purchase_name=${encodeURIComponent(attempt)}&self_name=x`, admin, '1', report.code);
      expect(res.body, res.raw).toMatchObject({ success: true, result: { total: 0 } });
    }
    // Without the parameter the bound value is null: no row equals null.
    expect((await data('', admin, '1', report.code)).body.result.total).toBe(0);
    expect(await tenantCount(1)).toBeGreaterThan(0);
  });

  it('keys that are neither a declared filter nor a parameter are ignored', async () => {
    const total = await tenantCount(1);
    const res = await data(`${encodeURIComponent('1=1 OR tenant_id')}=2&tenant_id=2&self_sys_tenant_id=2`);
    expect(res.body.result.total).toBe(total);
  });
});

describe('online report: the SQL runs read-only under a timeout', () => {
  it('a write statement is refused by the read-only transaction', async () => {
    const before = await t.db.select({ n: count() }).from(qaQuestionsAndAnswers);
    const report = await defineReport({
      sql: 'DELETE FROM qa_questions_and_answers WHERE tenant_id = ${sys_tenant_id} RETURNING id',
      fields: ['id'],
    });
    const res = await data('', admin, '1', report.code);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ success: false, message: REPORT_MESSAGES.readOnly });
    expect(res.raw).not.toMatch(/DELETE|qa_questions|read-only|at /);
    expect(await t.db.select({ n: count() }).from(qaQuestionsAndAnswers)).toEqual(before);
  });

  it('a slow query is cancelled by the statement timeout with a Chinese message', async () => {
    const report = await defineReport({
      sql: 'SELECT 1 AS x FROM pg_sleep(20) WHERE ${sys_tenant_id} > 0',
      fields: ['x'],
    });
    const started = Date.now();
    const res = await data('', admin, '1', report.code);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ success: false, message: REPORT_MESSAGES.timeout });
    expect(res.raw).not.toMatch(/pg_sleep|canceling/);
  }, 30_000);

  it('a broken SQL answers a Chinese message without the SQL or the database error', async () => {
    const report = await defineReport({
      sql: 'SELECT nope FROM no_such_table WHERE tenant_id = ${sys_tenant_id}',
      fields: ['nope'],
    });
    const res = await data('', admin, '1', report.code);
    expect(res.body).toMatchObject({ success: false, message: REPORT_MESSAGES.sqlError });
    expect(res.raw).not.toMatch(/no_such_table|relation|SELECT/);
  });

  it('a report that does not filter by tenant, or uses an undeclared parameter, is refused', async () => {
    const noTenant = await defineReport({
      sql: 'SELECT purchase_code FROM purchase_record',
      fields: ['purchase_code'],
    });
    expect((await data('', admin, '1', noTenant.code)).body).toMatchObject({
      success: false,
      message: REPORT_MESSAGES.noTenantFilter,
    });
    const undeclared = await defineReport({
      sql: 'SELECT purchase_code FROM purchase_record WHERE tenant_id = ${sys_tenant_id} AND purchase_name = ${who}',
      fields: ['purchase_code'],
    });
    expect((await data('self_who=x', admin, '1', undeclared.code)).body).toMatchObject({
      success: false,
      message: REPORT_MESSAGES.unknownParam,
    });
  });
});

describe('online report: tenants, data scope and permissions', () => {
  it('each tenant sees its own report and rows; another tenant’s report is not found', async () => {
    const t2 = await data('pageSize=50', admin, '2');
    expect(t2.body.result.total).toBe(await tenantCount(2));
    expect(t2.body.result.records.length).toBeGreaterThan(0);
    expect(t2.body.result.records.every((r: { depart_name: string }) => r.depart_name.startsWith('远航'))).toBe(true);

    const only2 = await defineReport({
      tenantId: 2,
      sql: 'SELECT purchase_code FROM purchase_record WHERE tenant_id = ${sys_tenant_id}',
      fields: ['purchase_code'],
    });
    for (const key of [only2.code, only2.id]) {
      for (const path of ['getRpColumns', 'getQueryInfo', 'getData']) {
        const res = await call(admin, 'GET', `${API}/${path}/${key}`, undefined, '1');
        expect(res.statusCode).toBe(404);
      }
    }
    const in2 = (await data('', admin, '2', only2.code)).body;
    expect(in2.result.total).toBe(await tenantCount(2));
  });

  it('a user limited to their own department sees only its rows', async () => {
    const user = await t.createUser({ roles: ['project_buyer'], departs: ['A01A01A02'] });
    const token = await t.login(user.username);
    const res = await data('pageSize=50', token);
    expect(res.body.result.total).toBe(await tenantCount(1, eq(purchaseRecord.sysOrgCode, 'A01A01A02')));
    expect(res.body.result.total).toBeGreaterThan(0);
    expect(
      res.body.result.records.every((r: { depart_name: string }) => r.depart_name === '滨江新区安置房项目部'),
    ).toBe(true);
  });

  it('needs a login and the report permission', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/aps${API}/getRpColumns/${CODE}` });
    expect(anonymous.statusCode).toBe(401);
    const user = await t.createUser({ roles: ['expert'] });
    const token = await t.login(user.username);
    for (const path of ['getRpColumns', 'getQueryInfo', 'getData']) {
      const res = await call(token, 'GET', `${API}/${path}/${CODE}`);
      expect(res.statusCode).toBe(403);
    }
  });
});
