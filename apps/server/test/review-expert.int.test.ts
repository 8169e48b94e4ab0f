import { EXPERT_EXCEL_HEADERS as H, REVIEW_MESSAGES as M, REVIEW_API } from '@aps/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser } from '../src/modules/platform/system/tables.ts';
import { createTestApp, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { caller } from './sys-helpers.ts';

/** The expert pool (专家库, issue 15 §1): CRUD over REVIEW_API.expert, its refusals, tenants, import and access. */
let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: string;
let otherTenant: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  otherTenant = await t.login((await t.createUser({ roles: ['admin'], tenantId: 2, departs: ['B01'] })).username);
});
afterAll(() => t.close());

/** A new expert-end user (userEnd 2) of tenant 1 without a profile. */
async function newExpertUser() {
  const user = await t.createUser({ roles: ['expert'] });
  await t.db.update(sysUser).set({ userEnd: '2' }).where(eq(sysUser.id, user.id));
  return user;
}

const base = {
  specialities: ['A01A01', 'A02A03'],
  region: '上海市',
  title: '高级工程师',
  employer: '测试工程咨询有限公司',
  avoidCompanies: ['某某建设有限公司'],
  status: 'normal',
};

async function list(token: string, query: Record<string, string>, tenant = '1') {
  const res = await call(token, 'GET', `${REVIEW_API.expertList}?${new URLSearchParams(query)}`, undefined, tenant);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { total: number; records: Record<string, unknown>[] };
}

describe('expert pool CRUD', () => {
  it('adds a profile, lists it by name, speciality, region and status, edits, and soft-deletes it', async () => {
    const user = await newExpertUser();
    const offered = await call(admin, 'GET', `${REVIEW_API.expertUsers}?keyword=${user.username}`);
    expect(offered.json().result).toEqual([{ id: user.id, username: user.username, realname: `测试${user.username}` }]);
    // Users with a profile and non-expert users are not offered.
    const taken = await call(admin, 'GET', `${REVIEW_API.expertUsers}?keyword=expert01`);
    expect(taken.json().result).toEqual([]);
    const added = await call(admin, 'POST', `${REVIEW_API.expert}/add`, { userId: user.id, ...base });
    expect(added.json(), added.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = added.json().result.id as string;

    const found = await list(admin, { realname: user.username, speciality: 'A02A03', status: 'normal' });
    expect(found.total).toBe(1);
    expect(found.records[0]).toMatchObject({
      id,
      username: user.username,
      specialities: ['A01A01', 'A02A03'],
      status: 'normal',
      status_dictText: '正常',
      avoidCompanies: ['某某建设有限公司'],
    });
    const names = await t.pool.query<{ name: string }>(
      `SELECT name FROM sys_category WHERE tenant_id = 1 AND code IN ('A01A01', 'A02A03') ORDER BY code`,
    );
    expect(found.records[0]?.specialityNames).toEqual(names.rows.map((r) => r.name));
    expect((await list(admin, { realname: user.username, speciality: 'A03A01' })).total).toBe(0);
    expect((await list(admin, { realname: user.username, region: '江苏' })).total).toBe(0);

    const edited = await call(admin, 'PUT', `${REVIEW_API.expert}/edit`, {
      id,
      userId: user.id,
      ...base,
      status: 'suspended',
      title: '教授',
    });
    expect(edited.json(), edited.body).toMatchObject({ success: true, result: { status: 'suspended', title: '教授' } });
    const byId = await call(admin, 'GET', `${REVIEW_API.expertQueryById}?id=${id}`);
    expect(byId.json().result).toMatchObject({ id, status: 'suspended', title: '教授' });
    expect((await list(admin, { realname: user.username, status: 'suspended' })).total).toBe(1);

    const twice = await call(admin, 'POST', `${REVIEW_API.expert}/add`, { userId: user.id, ...base });
    expect(twice.json()).toMatchObject({ success: false, message: M.expertExists });

    const removed = await call(admin, 'DELETE', `${REVIEW_API.expert}/delete?id=${id}`);
    expect(removed.json()).toMatchObject({ success: true, message: '删除成功!' });
    expect((await list(admin, { realname: user.username })).total).toBe(0);
    expect((await call(admin, 'GET', `${REVIEW_API.expertQueryById}?id=${id}`)).statusCode).toBe(404);

    // A deleted profile is revived (committee members keep referring to it), not duplicated.
    const again = await call(admin, 'POST', `${REVIEW_API.expert}/add`, { userId: user.id, ...base });
    expect(again.json().result.id).toBe(id);
  });

  it('refuses a non-expert user, an unknown speciality and bad input with Chinese messages', async () => {
    const buyer = await t.createUser({ roles: ['buyer'] });
    const notOffered = await call(admin, 'GET', `${REVIEW_API.expertUsers}?keyword=${buyer.username}`);
    expect(notOffered.json().result).toEqual([]);
    const notExpert = await call(admin, 'POST', `${REVIEW_API.expert}/add`, { userId: buyer.id, ...base });
    expect(notExpert.json()).toMatchObject({ success: false, message: M.expertUserEnd });

    const user = await newExpertUser();
    const unknown = await call(admin, 'POST', `${REVIEW_API.expert}/add`, {
      userId: user.id,
      ...base,
      specialities: ['A01A01', 'Z99'],
    });
    expect(unknown.json()).toMatchObject({ success: false, message: M.expertSpecialityUnknown('Z99') });

    const empty = await call(admin, 'POST', `${REVIEW_API.expert}/add`, { userId: user.id, ...base, specialities: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('请选择至少一个专业');
    const status = await call(admin, 'POST', `${REVIEW_API.expert}/add`, { userId: user.id, ...base, status: 'x' });
    expect(status.json().message).toContain('专家状态须为正常或暂停');
    expect((await list(admin, { realname: user.username })).total).toBe(0);
  });

  it('refuses to delete an expert with a running review task', async () => {
    const user = await newExpertUser();
    const id = (await call(admin, 'POST', `${REVIEW_API.expert}/add`, { userId: user.id, ...base })).json().result.id;
    // A committee on a package of tenant 1 with this expert drawn (the draw's own slice writes these rows).
    const { rows } = await t.pool.query<{ id: string }>(
      `SELECT p.id FROM purchase_package p WHERE p.tenant_id = 1
          AND NOT EXISTS (SELECT 1 FROM review_committee c WHERE c.package_id = p.id) LIMIT 1`,
    );
    const packageId = rows[0]?.id;
    expect(packageId).toBeDefined();
    const committee = await t.pool.query<{ id: string }>(
      `INSERT INTO review_committee (tenant_id, package_id, size, draw_seed, draw_audit, drawn_by)
       VALUES (1, $1, 1, 'seed', '{}'::jsonb, 'admin') RETURNING id`,
      [packageId],
    );
    const committeeId = committee.rows[0]?.id;
    await t.pool.query(
      `INSERT INTO review_member (tenant_id, committee_id, package_id, user_id, expert_id, draw_sequence)
       VALUES (1, $1, $2, $3, $4, 1)`,
      [committeeId, packageId, user.id, id],
    );
    try {
      const res = await call(admin, 'DELETE', `${REVIEW_API.expert}/deleteBatch?ids=${id}`);
      expect(res.json()).toMatchObject({ success: false, message: M.expertHasTasks });
      expect((await list(admin, { realname: user.username })).total).toBe(1);
      // A finished task no longer holds the profile.
      await t.pool.query(`UPDATE review_member SET state = 'done' WHERE expert_id = $1`, [id]);
      expect((await call(admin, 'DELETE', `${REVIEW_API.expert}/deleteBatch?ids=${id}`)).json().success).toBe(true);
    } finally {
      await t.pool.query('DELETE FROM review_committee WHERE id = $1', [committeeId]);
    }
  });
});

describe('expert pool tenancy and access', () => {
  it('hides tenant 1’s profiles from tenant 2 and refuses its users', async () => {
    const mine = await list(admin, { realname: 'expert01' });
    expect(mine.total).toBe(1);
    const id = mine.records[0]?.id as string;
    expect((await list(otherTenant, { realname: 'expert01' }, '2')).total).toBe(0);
    expect((await call(otherTenant, 'GET', `${REVIEW_API.expertQueryById}?id=${id}`, undefined, '2')).statusCode).toBe(
      404,
    );
    const edit = await call(
      otherTenant,
      'PUT',
      `${REVIEW_API.expert}/edit`,
      { id, userId: mine.records[0]?.userId, ...base },
      '2',
    );
    expect(edit.json()).toMatchObject({ success: false, message: M.expertNotFound });
    const del = await call(otherTenant, 'DELETE', `${REVIEW_API.expert}/delete?id=${id}`, undefined, '2');
    expect(del.statusCode).toBe(404);
    const user = await newExpertUser();
    const add = await call(otherTenant, 'POST', `${REVIEW_API.expert}/add`, { userId: user.id, ...base }, '2');
    expect(add.json()).toMatchObject({ success: false, message: M.expertUserUnknown });
    expect((await list(admin, { realname: 'expert01' })).records[0]).toMatchObject({ id, status: 'normal' });
  });

  it('answers 403 to an expert (no review:expert codes)', async () => {
    const expert = await t.login('expert01', DEMO_PASSWORD);
    expect((await call(expert, 'GET', REVIEW_API.expertList)).statusCode).toBe(403);
    expect((await call(expert, 'POST', `${REVIEW_API.expert}/add`, { userId: 'x' })).statusCode).toBe(403);
    expect((await call(expert, 'GET', REVIEW_API.expertExport)).statusCode).toBe(403);
  });
});

describe('expert pool export and import', () => {
  async function sheet(rows: string[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('专家库');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  function importFile(content: Buffer) {
    const boundary = `----aps${Date.now().toString(16)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="experts.xlsx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/aps${REVIEW_API.expertImport}`,
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-access-token': admin,
        'tenant-id': '1',
      },
    });
  }

  it('exports the filtered pool as .xlsx', async () => {
    const res = await call(admin, 'GET', `${REVIEW_API.expertExport}?status=suspended`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const values = (wb.worksheets[0]?.getSheetValues() ?? []) as unknown[][];
    expect(values[1]?.slice(1, 4)).toEqual([H.username, H.realname, H.specialities]);
    const usernames = values.slice(2).map((r) => r[1]);
    expect(usernames).toContain('expert06');
    expect(usernames).not.toContain('expert01');
  });

  it('imports good rows (new and existing) and reports an error row with code 201', async () => {
    const fresh = await newExpertUser();
    const buyer = await t.createUser({ roles: ['buyer'] });
    const file = await sheet([
      [H.username, H.specialities, H.region, H.title, H.employer, H.avoidCompanies, H.status, H.remarks],
      [fresh.username, 'A01A01,A01A02', '浙江省', '工程师', '导入单位', '甲公司、乙公司', '暂停', '导入'],
      ['expert07', 'A02A01', '上海市', '研究员', '导入单位二', '', '正常', ''],
      [buyer.username, 'A01A01', '', '', '', '', '', ''],
      [fresh.username, 'Z99', '', '', '', '', '', ''],
    ]);
    const res = await importFile(file);
    expect(res.json(), res.body).toMatchObject({ code: 201, result: { total: 4, imported: 2, failed: 2 } });
    const rows = (await list(admin, { employer: '导入单位' })).records;
    expect(rows.map((r) => r.username).sort()).toEqual(['expert07', fresh.username].sort());
    expect(rows.find((r) => r.username === fresh.username)).toMatchObject({
      status: 'suspended',
      avoidCompanies: ['甲公司', '乙公司'],
    });

    const report = await t.app.inject({
      url: `/aps${res.json().result.fileUrl}`,
      headers: { 'x-access-token': admin },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(report.rawPayload as unknown as ExcelJS.Buffer);
    const messages = ((wb.worksheets[0]?.getSheetValues() ?? []) as unknown[][]).slice(2).map((r) => [r[2], r.at(-1)]);
    expect(messages).toEqual([
      [4, M.expertUserEnd],
      [5, '与第2行的用户账号重复'],
    ]);
  });
});
