import type { FileRecordDto, PackageDetailRowDto, PageResult, PurchaseListRowDto } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

/**
 * The special lists of §7 (issue 14 §10). Two new departments P and O of the demo tenant, a package without a
 * department, and a package of tenant 2 carrying P's org code (only the tenant filter keeps it out). Packages, notices
 * and bids are put in place as the project, notice and bid modules store them (those are tested in their own files);
 * the opening is what `opened_time` records.
 */
let t: TestApp;
let admin: string;
const STAMP = Date.now().toString(36);

const call = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/aps${url}`, headers: { 'x-access-token': token, 'tenant-id': '1' } });
async function page<T>(token: string, url: string): Promise<PageResult<T>> {
  const res = await call(token, url);
  expect(res.json(), res.body).toMatchObject({ success: true });
  return res.json().result as PageResult<T>;
}

let made = 0;
async function pkg(tenantId: number, orgCode: string, name: string): Promise<string> {
  const key = `${STAMP}-${made++}`;
  const plan = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state,
      approval_status, create_by)
    VALUES (${tenantId}, ${orgCode}, ${`CG-${key}`}, ${`清单计划${key}`}, '2', 'inquiry', 1000000, 'executing', '4',
      'someone') RETURNING id`);
  const project = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name,
      purchase_category, purchase_method)
    VALUES (${tenantId}, ${plan.rows[0]?.id}, ${orgCode}, ${`NO-${key}`}, ${`PC-${key}`}, ${`清单项目${key}`}, '2',
      'inquiry') RETURNING id`);
  const row = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
      purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price)
    VALUES (${tenantId}, ${project.rows[0]?.id}, ${orgCode}, ${`NO-${key}`}, ${`PC-${key}`}, ${`清单项目${key}`},
      '2', 'inquiry', 4, '01', ${`${name}${STAMP}`}, 12345.6)
    RETURNING id`);
  return row.rows[0]?.id ?? '';
}

const file = (name: string) => ({ fileId: `f-${name}`, filePath: `temp/${name}`, fileName: name, fileSize: 10 });

async function notice(tenantId: number, packageId: string, orgCode: string, fileName: string) {
  await t.db.execute(sql`
    INSERT INTO purchase_notice (tenant_id, package_id, sys_org_code, notice_type, title, content, attachments, status)
    VALUES (${tenantId}, ${packageId}, ${orgCode}, 'purchase', '采购公告', '<p>公告</p>',
      ${JSON.stringify([file(fileName)])}::jsonb, '1')`);
}

let suppliers = 0;
async function bid(tenantId: number, packageId: string, fileName: string, price: string): Promise<string> {
  const n = suppliers++;
  const s = await t.db.execute<{ id: string }>(sql`
    INSERT INTO supplier (tenant_id, name, credit_code) VALUES (${tenantId}, ${`供应商${n}-${STAMP}`},
      ${`91${STAMP}${n}`.slice(0, 18)}) RETURNING id`);
  const user = '00000000-0000-0000-0000-000000000001';
  const signUp = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_sign_up (tenant_id, package_id, supplier_id, user_id)
    VALUES (${tenantId}, ${packageId}, ${s.rows[0]?.id}, ${user}) RETURNING id`);
  const b = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_bid (tenant_id, package_id, supplier_id, sign_up_id, quote_kind, sealed_quote, files,
      submit_by, price)
    VALUES (${tenantId}, ${packageId}, ${s.rows[0]?.id}, ${signUp.rows[0]?.id}, 'price', 'sealed',
      ${JSON.stringify([file(fileName)])}::jsonb, ${user}, null) RETURNING id`);
  // The quotation stays in the sealed text until the opening writes `price` with `opened_time`.
  await t.db.execute(sql`UPDATE purchase_bid SET evaluated_price = ${price} WHERE id = ${b.rows[0]?.id}`);
  return b.rows[0]?.id ?? '';
}

/** What the opening leaves on a package's bids: the unsealed price and the opening time. */
const open = (packageId: string) =>
  t.db.execute(
    sql`UPDATE purchase_bid SET price = evaluated_price, opened_time = now() WHERE package_id = ${packageId}`,
  );

async function departAndBuyer(name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/aps/sys/sysDepart/add',
    headers: { 'x-access-token': admin, 'tenant-id': '1' },
    payload: { departName: `清单${name}${STAMP}`, orgCategory: '2' },
  });
  const depart = res.json().result as { id: string; orgCode: string };
  const username = `ls${name}${STAMP}`.toLowerCase();
  const added = await t.app.inject({
    method: 'POST',
    url: '/aps/sys/user/add',
    headers: { 'x-access-token': admin, 'tenant-id': '1' },
    payload: {
      username,
      realname: `清单${name}`,
      phone: `13${String(Date.now()).slice(-9)}`,
      password: 'Lists1234',
      confirmpassword: 'Lists1234',
      roleIds: [t.roleId(1, 'buyer')],
      departIds: [depart.id],
    },
  });
  expect(added.json(), added.body).toMatchObject({ success: true });
  return { depart, token: await t.login(username, 'Lists1234') };
}

let P: Awaited<ReturnType<typeof departAndBuyer>>;
let O: Awaited<ReturnType<typeof departAndBuyer>>;
const ids = { a: '', b: '', o: '', none: '', other: '' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  P = await departAndBuyer('P');
  O = await departAndBuyer('O');
  ids.a = await pkg(1, P.depart.orgCode, '甲包');
  ids.b = await pkg(1, P.depart.orgCode, '乙包');
  ids.o = await pkg(1, O.depart.orgCode, '丙包');
  ids.none = await pkg(1, '', '无部门包');
  ids.other = await pkg(2, P.depart.orgCode, '他租户包');
  await notice(1, ids.a, P.depart.orgCode, `甲公告${STAMP}.pdf`);
  await notice(1, ids.o, O.depart.orgCode, `丙公告${STAMP}.pdf`);
  await notice(1, ids.none, '', `无部门公告${STAMP}.pdf`);
  await notice(2, ids.other, P.depart.orgCode, `他租户公告${STAMP}.pdf`);
  for (const [i, price] of ['100.00', '200.00', '300.00'].entries()) await bid(1, ids.a, `甲投标${i}.pdf`, price);
  await bid(1, ids.none, '无部门投标.pdf', '1.00');
  await open(ids.none);
}, 120_000);
afterAll(() => t.close());

const files = (token: string, extra = '') =>
  page<FileRecordDto>(token, `/purchase/fileRecord/list?pageNo=1&pageSize=50&packageName=${STAMP}${extra}`);

describe('采购文件记录', () => {
  it('keeps only rows whose package has a sysOrgCode, even for the whole tenant', async () => {
    const all = await files(admin);
    const names = all.records.map((r) => r.fileName);
    expect(names).toContain(`甲公告${STAMP}.pdf`);
    expect(names).toContain(`丙公告${STAMP}.pdf`);
    expect(names.some((n) => n.startsWith('无部门'))).toBe(false);
    expect(names).not.toContain(`他租户公告${STAMP}.pdf`);
    expect(all.total).toBe(all.records.length);
    const row = all.records.find((r) => r.fileName === `甲公告${STAMP}.pdf`);
    expect(row).toMatchObject({
      kind: 'notice',
      source: '采购公告',
      filePath: `temp/甲公告${STAMP}.pdf`,
      packageName: `甲包${STAMP}`,
      sysOrgCode: P.depart.orgCode,
      departName: `清单P${STAMP}`,
    });
  });

  it('shows bid files only after the opening (sealed before), with the supplier', async () => {
    const before = await files(P.token, '&kind=bid');
    expect(before.records).toEqual([]);
    expect((await files(P.token)).records.map((r) => r.fileName)).toEqual([`甲公告${STAMP}.pdf`]);
    await open(ids.a);
    const after = await files(P.token, '&kind=bid');
    expect(after.records.map((r) => r.fileName).sort()).toEqual(['甲投标0.pdf', '甲投标1.pdf', '甲投标2.pdf']);
    expect(after.records[0]?.source).toMatch(/^供应商\d+-/);
    expect(after.total).toBe(3);
    const notices = await files(P.token, '&kind=notice');
    expect(notices.records.map((r) => r.kind)).toEqual(['notice']);
  });

  it("hides another department's and tenant's files", async () => {
    const o = await files(O.token);
    expect(o.records.map((r) => r.fileName)).toEqual([`丙公告${STAMP}.pdf`]);
    const p = await files(P.token);
    expect(p.records.map((r) => r.fileName)).not.toContain(`丙公告${STAMP}.pdf`);
    expect(p.records.map((r) => r.fileName)).not.toContain(`他租户公告${STAMP}.pdf`);
  });

  it('refuses an unknown kind', async () => {
    const res = await call(P.token, '/purchase/fileRecord/list?pageNo=1&pageSize=10&kind=x');
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('文件类型不正确') });
  });
});

describe('采购清单', () => {
  it("lists the department's packages ordered by department then create time, with the department name", async () => {
    const p = await page<PurchaseListRowDto>(P.token, `/purchase/purchaseList/list?pageNo=1&pageSize=10&name=${STAMP}`);
    expect(p.records.map((r) => r.packageName)).toEqual([`甲包${STAMP}`, `乙包${STAMP}`]);
    expect(p.records[0]).toMatchObject({ departName: `清单P${STAMP}`, fixedPrice: '12345.60', purchaseStage: 4 });
    const all = await page<PurchaseListRowDto>(admin, `/purchase/purchaseList/list?pageNo=1&pageSize=50&name=${STAMP}`);
    const codes = all.records.map((r) => r.sysOrgCode);
    expect(codes).toEqual([...codes].sort());
    expect(all.records.map((r) => r.packageName)).not.toContain(`他租户包${STAMP}`);
    const project = (
      await t.db.execute<{ id: string }>(sql`SELECT project_id AS id FROM purchase_package WHERE id = ${ids.a}`)
    ).rows[0]?.id;
    const one = await page<PurchaseListRowDto>(
      P.token,
      `/purchase/purchaseList/list?pageNo=1&pageSize=10&projectId=${project}`,
    );
    expect(one.records.map((r) => r.packageName)).toEqual([`甲包${STAMP}`]);
  });
});

describe('标包明细', () => {
  const details = (token: string, pageSize: number, pageNo = 1) =>
    page<PackageDetailRowDto>(
      token,
      `/purchase/packageDetail/list?pageNo=${pageNo}&pageSize=${pageSize}&name=${STAMP}`,
    );

  it('pages by package: a package with 3 bidders is 3 rows on one page; one without bids is one row', async () => {
    const first = await details(P.token, 1, 1);
    const second = await details(P.token, 1, 2);
    expect(first.total).toBe(2);
    const byName = (r: PageResult<PackageDetailRowDto>) => r.records.map((x) => x.packageName);
    const pages = [byName(first), byName(second)];
    expect(pages).toContainEqual([`甲包${STAMP}`, `甲包${STAMP}`, `甲包${STAMP}`]);
    expect(pages).toContainEqual([`乙包${STAMP}`]);
    const empty = [...first.records, ...second.records].find((r) => r.packageName === `乙包${STAMP}`);
    expect(empty).toMatchObject({ supplierName: null, quote: null, sealed: false, bidTime: null });
  });

  it("shows amounts only after the opening and hides other departments' and tenants' packages", async () => {
    // 甲 was opened by the file test above (it runs first); a fresh package with a sealed bid shows null.
    const sealedId = await pkg(1, P.depart.orgCode, '丁包');
    await bid(1, sealedId, '丁投标.pdf', '999.00');
    const all = await details(P.token, 10);
    const sealed = all.records.find((r) => r.packageId === sealedId);
    expect(sealed).toMatchObject({ quote: null, sealed: true, supplierName: expect.stringMatching(/^供应商/) });
    expect(
      all.records
        .filter((r) => r.packageId === ids.a)
        .map((r) => r.quote)
        .sort(),
    ).toEqual(['100.00', '200.00', '300.00']);
    await open(sealedId);
    const opened = (await details(P.token, 10)).records.find((r) => r.packageId === sealedId);
    expect(opened).toMatchObject({ quote: '999.00', sealed: false });
    const ids2 = new Set(all.records.map((r) => r.packageId));
    expect(ids2.has(ids.o)).toBe(false);
    expect(ids2.has(ids.other)).toBe(false);
  });
});
