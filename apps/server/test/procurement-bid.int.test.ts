/**
 * Issue 14 §4–§6 and §9 (the bid side): notices → sign-ups → sealed bids → opening → award letters, with the
 * refusals (deadline one second past, above fixedPrice, not eligible, not PDF), supplier data isolation, and the
 * seal (no staff API returns an amount before the opening; the stored row holds only ciphertext).
 */
import crypto from 'node:crypto';
import {
  PROCUREMENT_BID_API as API,
  PROCUREMENT_BID_MESSAGES as M,
  PROCUREMENT_MESSAGES,
  SUPPLIER_ELIGIBILITY_MESSAGES,
} from '@aps/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchasePackage } from '../src/modules/procurement/project/tables.ts';
import { supplier, supplierUser } from '../src/modules/procurement/supplier/tables.ts';
import { supplierSeedId } from '../src/seed/suppliers.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { PDF_MIN, PNG_1PX } from './upload-fixtures.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const SUP1 = supplierSeedId('huadong');
const SUP2 = supplierSeedId('zhongtai');
const SUP3 = supplierSeedId('xinyuan');

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['buyer01', 'supplier01', 'supplier02', 'supplier03', 'project01', 'supervisor01']) {
    tokens[u] = await t.login(u);
  }
  tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  tokens.yhadmin = await t.login('yhadmin');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
// biome-ignore lint/suspicious/noExplicitAny: the envelope's result is untyped JSON, read field by field.
type Json = any;
async function call(who: string, method: Method, url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/aps${url}`,
    headers: { 'x-access-token': tokens[who] ?? who },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: Json } };
}
const okCall = async (who: string, method: Method, url: string, payload?: object) => {
  const r = await call(who, method, url, payload);
  expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.result;
};

async function upload(who: string, fileName: string, content: Buffer): Promise<{ id: string; filePath: string }> {
  const boundary = `----aps${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\nbid\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/aps/sys/common/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': tokens[who] ?? '' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

let seq = 0;
interface PackageOptions {
  stage?: number;
  fixedPrice?: string;
  lowerCoefficientType?: number;
  orgCode?: string;
  tenantId?: number;
  minBidders?: number;
  category?: string;
  /** Leave the selection preparation incomplete (no review items). */
  bare?: boolean;
}
/** A plan → project → package row set, as the project module would have created it, timetable open now. */
async function makePackage(o: PackageOptions = {}): Promise<string> {
  const n = `${Date.now().toString(36)}${seq++}`;
  const tenantId = o.tenantId ?? 1;
  const org = o.orgCode ?? 'A01';
  const category = o.category ?? '2';
  const plan = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state, approval_status)
    VALUES (${tenantId}, ${org}, ${`CG-T-${n}`}, ${`测试计划${n}`}, ${category}, 'open_tender', 9000000, 'executing', '4')
    RETURNING id`);
  const project = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name, purchase_category, purchase_method)
    VALUES (${tenantId}, ${plan.rows[0]?.id}, ${org}, ${`NO-${n}`}, ${`PC-${n}`}, ${`办公楼改造采购${n}`}, ${category}, 'open_tender')
    RETURNING id`);
  const pkg = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
      purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, lower_coefficient_type,
      min_bidders, sign_up_start_time, sign_up_end_time, bid_deadline, opening_start_time)
    VALUES (${tenantId}, ${project.rows[0]?.id}, ${org}, ${`NO-${n}`}, ${`PC-${n}`}, ${`办公楼改造采购${n}`}, ${category},
      'open_tender', ${o.stage ?? 1}, '1', ${`标包${n}`}, ${o.fixedPrice ?? '500000.00'}, ${o.lowerCoefficientType ?? 0},
      ${o.minBidders ?? 3}, now() - interval '1 hour', now() + interval '1 hour', now() + interval '2 hours',
      now() + interval '3 hours')
    RETURNING id`);
  const id = pkg.rows[0]?.id;
  if (!id) throw new Error('package insert failed');
  if (o.bare) return id;
  await t.db.execute(sql`
    INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
    VALUES (${tenantId}, ${id}, 'qualification', '营业执照', NULL, 1), (${tenantId}, ${id}, 'scoring', '技术方案', 60, 2)`);
  return id;
}

const stageOf = async (id: string) =>
  (
    await t.db.execute<{ s: number; e: string }>(
      sql`SELECT purchase_stage AS s, election_status AS e FROM purchase_package WHERE id = ${id}`,
    )
  ).rows[0];

async function publishedPackage(o: PackageOptions = {}) {
  const packageId = await makePackage(o);
  const notice = await okCall('buyer01', 'POST', API.noticeAdd, {
    packageId,
    noticeType: 'purchase',
    title: '办公楼改造采购公告',
    content: '<p>欢迎报名</p>',
  });
  await okCall('buyer01', 'POST', API.noticePublish, { id: notice.id });
  return { packageId, noticeId: notice.id as string };
}

const bid = (who: string, packageId: string, quote: object, files: string[]) =>
  call(who, 'POST', API.supplierBid, { packageId, ...quote, fileIds: files });

describe('notices', () => {
  it('a buyer drafts a sanitised 采购公告 with an attachment; publishing moves the package 1→2 and suppliers see it', async () => {
    const packageId = await makePackage();
    const file = await upload('buyer01', '采购文件.pdf', PDF_MIN);
    const draft = await okCall('buyer01', 'POST', API.noticeAdd, {
      packageId,
      noticeType: 'purchase',
      title: '办公楼改造采购公告',
      content: '<p onclick="x()">正文</p><script>alert(1)</script><a href="javascript:alert(1)">链接</a>',
      attachments: [file.filePath],
    });
    expect(draft.status).toBe('0');
    expect(draft.content).toBe('<p>正文</p><a>链接</a>');
    expect(draft.attachments).toEqual([expect.objectContaining({ fileId: file.id, fileName: '采购文件.pdf' })]);

    // A draft is invisible to suppliers.
    const before = await okCall(
      'supplier01',
      'GET',
      `${API.supplierNotices}?pageNo=1&pageSize=100&noticeType=purchase`,
    );
    expect(before.records.map((r: { id: string }) => r.id)).not.toContain(draft.id);

    const published = await okCall('buyer01', 'POST', API.noticePublish, { id: draft.id });
    expect(published.status).toBe('1');
    expect(published.publishTime).toBeTruthy();
    expect((await stageOf(packageId))?.s).toBe(2);
    const history = await t.db.execute<{ action: string; from_stage: number; to_stage: number; actor: string }>(
      sql`SELECT action, from_stage, to_stage, actor FROM purchase_package_history WHERE package_id = ${packageId}`,
    );
    expect(history.rows).toEqual([
      expect.objectContaining({ action: 'publish', from_stage: 1, to_stage: 2, actor: 'buyer01' }),
    ]);

    const after = await okCall('supplier01', 'GET', `${API.supplierNotices}?pageNo=1&pageSize=100&noticeType=purchase`);
    const row = after.records.find((r: { id: string }) => r.id === draft.id);
    expect(row).toMatchObject({ signedUp: false, bidStatus: null, purchaseStage: 2, fixedPrice: '500000.00' });

    // Published: no more edits; a second publish is refused; the stage service refuses a second 采购公告.
    expect(
      (
        await call('buyer01', 'PUT', API.noticeEdit, {
          id: draft.id,
          packageId,
          noticeType: 'purchase',
          title: 'x',
          content: 'y',
        })
      ).body.message,
    ).toBe(M.noticeNotEditable);
    expect((await call('buyer01', 'POST', API.noticePublish, { id: draft.id })).body.message).toBe(
      M.noticeNotPublishable,
    );
    const second = await okCall('buyer01', 'POST', API.noticeAdd, {
      packageId,
      noticeType: 'purchase',
      title: '重复',
      content: 'x',
    });
    const refused = await call('buyer01', 'POST', API.noticePublish, { id: second.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('公告中');
  });

  it("publishes a 采购公告 only once the selection preparation is complete (the project module's check)", async () => {
    const packageId = await makePackage({ bare: true });
    const n = await okCall('buyer01', 'POST', API.noticeAdd, {
      packageId,
      noticeType: 'purchase',
      title: 't',
      content: 'c',
    });
    const refused = await call('buyer01', 'POST', API.noticePublish, { id: n.id });
    expect(refused.body.message).toBe(PROCUREMENT_MESSAGES.reviewItemsRequired);
    expect((await stageOf(packageId))?.s).toBe(1);
    expect((await okCall('buyer01', 'GET', `${API.noticeQueryById}?id=${n.id}`)).status).toBe('0');
  });

  it('checks a notice type against the package: 结果公示 only after review, 流标公告 only for a 流标 package', async () => {
    const packageId = await makePackage({ stage: 2 });
    for (const [type, message] of [
      ['result', M.noticeTypeStage('结果公示', '公告中')],
      ['failed', M.noticeFailedOnly],
    ]) {
      const n = await okCall('buyer01', 'POST', API.noticeAdd, {
        packageId,
        noticeType: type,
        title: 't',
        content: 'c',
      });
      expect((await call('buyer01', 'POST', API.noticePublish, { id: n.id })).body.message).toBe(message);
    }
    const change = await okCall('buyer01', 'POST', API.noticeAdd, {
      packageId,
      noticeType: 'change',
      title: '变更',
      content: 'c',
    });
    expect((await okCall('buyer01', 'POST', API.noticePublish, { id: change.id })).status).toBe('1');
    expect((await okCall('buyer01', 'POST', API.noticeRevoke, { id: change.id })).status).toBe('2');
  });

  it('suppliers cannot use the staff notice API; staff outside the data scope or tenant do not see the notice', async () => {
    const { noticeId } = await publishedPackage();
    expect((await call('supplier01', 'GET', `${API.noticeList}?pageNo=1&pageSize=10`)).status).toBe(403);
    expect((await call('supplier01', 'POST', API.noticeAdd, {})).status).toBe(403);
    // project01 sees only A01A01A01's packages.
    expect((await call('project01', 'GET', `${API.noticeQueryById}?id=${noticeId}`)).status).toBe(404);
    const own = await okCall('project01', 'GET', `${API.noticeList}?pageNo=1&pageSize=100`);
    expect(own.records.map((r: { id: string }) => r.id)).not.toContain(noticeId);
    // Another tenant: neither the staff nor the supplier view.
    expect((await call('yhadmin', 'GET', `${API.noticeQueryById}?id=${noticeId}`)).status).toBe(404);
    expect((await call('yhadmin', 'GET', `${API.supplierNotice}?id=${noticeId}`)).status).toBe(404);
    expect((await okCall('buyer01', 'GET', `${API.noticeQueryById}?id=${noticeId}`)).id).toBe(noticeId);
  });
});

describe('demo seed', () => {
  it("publishes the demo packages' notices; supplier03 may still sign up for a stage-2 package", async () => {
    const mine = async (who: string) =>
      (await okCall(who, 'GET', `${API.supplierNotices}?pageNo=1&pageSize=100&noticeType=purchase&title=螺纹钢Φ25`))
        .records as { signedUp: boolean; purchaseStage: number }[];
    expect(await mine('supplier01')).toEqual([expect.objectContaining({ signedUp: true, purchaseStage: 2 })]);
    expect(await mine('supplier03')).toEqual([expect.objectContaining({ signedUp: false, purchaseStage: 2 })]);
    const failed = await okCall('supplier01', 'GET', `${API.supplierNotices}?pageNo=1&pageSize=100&noticeType=failed`);
    expect(failed.records.map((r: { title: string }) => r.title).join()).toContain('经纬仪');
  });
});

describe('sign-up', () => {
  it('signs up once per supplier; refuses before the notice, after the window, and a supplier not allowed to bid', async () => {
    const draftOnly = await makePackage();
    expect((await call('supplier01', 'POST', API.supplierSignUp, { packageId: draftOnly })).body.message).toBe(
      '标包当前阶段「待发布」不能报名',
    );

    const { packageId } = await publishedPackage();
    const s = await okCall('supplier01', 'POST', API.supplierSignUp, { packageId });
    expect(s).toMatchObject({ packageId, supplierId: SUP1, supplierName: '华东建设工程有限公司' });
    expect((await call('supplier01', 'POST', API.supplierSignUp, { packageId })).body.message).toBe(M.signUpDuplicate);

    // Staff hold no sign-up code; a supplier user without a supplier record is refused with its reason.
    expect((await call('buyer01', 'POST', API.supplierSignUp, { packageId })).status).toBe(403);
    const loose = await t.createUser({ roles: ['supplier'] });
    tokens.loose = await t.login(loose.username);
    expect((await call('loose', 'POST', API.supplierSignUp, { packageId })).body.message).toBe(
      SUPPLIER_ELIGIBILITY_MESSAGES.notLinked,
    );

    // A blacklisted supplier: the one eligibility check refuses it.
    const [black] = await t.db
      .insert(supplier)
      .values({ tenantId: 1, name: '黑名单公司', creditCode: `BL${Date.now()}`, status: '5' })
      .returning();
    await t.db.insert(supplierUser).values({ tenantId: 1, userId: loose.id, supplierId: black?.id ?? '' });
    expect((await call('loose', 'POST', API.supplierSignUp, { packageId })).body.message).toBe(
      SUPPLIER_ELIGIBILITY_MESSAGES.blacklisted,
    );

    await t.db.execute(
      sql`UPDATE purchase_package SET sign_up_end_time = now() - interval '1 second' WHERE id = ${packageId}`,
    );
    expect((await call('supplier02', 'POST', API.supplierSignUp, { packageId })).body.message).toBe(M.signUpEnded);

    // Two sign-ups of one supplier at once (a second user of the company): exactly one row, the other refused.
    const colleague = await t.createUser({ roles: ['supplier'] });
    await t.db.insert(supplierUser).values({ tenantId: 1, userId: colleague.id, supplierId: SUP3 });
    tokens.colleague = await t.login(colleague.username);
    const other = await makePackage();
    const n = await okCall('buyer01', 'POST', API.noticeAdd, {
      packageId: other,
      noticeType: 'purchase',
      title: 't',
      content: 'c',
    });
    await okCall('buyer01', 'POST', API.noticePublish, { id: n.id });
    const race = await Promise.all([
      call('supplier03', 'POST', API.supplierSignUp, { packageId: other }),
      call('colleague', 'POST', API.supplierSignUp, { packageId: other }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(race.find((r) => r.status === 400)?.body.message).toBe(M.signUpDuplicate);
    const rows = await t.db.execute(sql`SELECT 1 FROM purchase_sign_up WHERE package_id = ${other}`);
    expect(rows.rows).toHaveLength(1);

    const mine = await okCall('supplier01', 'GET', `${API.supplierSignUps}?pageNo=1&pageSize=100`);
    expect(mine.records.every((r: { supplierId: string }) => r.supplierId === SUP1)).toBe(true);
    expect(mine.records.map((r: { packageId: string }) => r.packageId)).toContain(packageId);
    const staff = await okCall('buyer01', 'GET', `${API.signUpList}?packageId=${packageId}`);
    expect(staff.map((r: { supplierId: string }) => r.supplierId)).toEqual([SUP1]);
  });
});

describe('sealed bids, opening and award', () => {
  let packageId: string;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    ({ packageId } = await publishedPackage());
    for (const who of ['supplier01', 'supplier02', 'supplier03']) {
      await okCall(who, 'POST', API.supplierSignUp, { packageId });
      files[who] = (await upload(who, `${who}-响应文件.pdf`, PDF_MIN)).id;
    }
  });

  it("refuses a quote above fixedPrice, a missing file, a non-PDF and another supplier's file", async () => {
    expect((await bid('supplier01', packageId, { price: '500000.01' }, [files.supplier01 ?? ''])).body.message).toBe(
      M.aboveFixedPrice('500000.00'),
    );
    expect((await bid('supplier01', packageId, { price: '480000' }, [])).body.message).toBe(M.filesRequired);
    const png = await upload('supplier01', '照片.png', PNG_1PX);
    expect((await bid('supplier01', packageId, { price: '480000' }, [png.id])).body.message).toBe(
      M.fileNotPdf('照片.png'),
    );
    expect((await bid('supplier01', packageId, { price: '480000' }, [files.supplier02 ?? ''])).body.message).toBe(
      M.fileNotOwn,
    );
    expect((await bid('supplier01', packageId, { rate: '0.1' }, [files.supplier01 ?? ''])).body.message).toBe(
      M.rateNotAllowed,
    );
  });

  it('bids, revises and withdraws before the deadline; the supplier reads only their own bid', async () => {
    const first = await bid('supplier01', packageId, { price: '480000' }, [files.supplier01 ?? '']);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result).toMatchObject({ price: '480000.00', revision: 1, status: '1', sealed: true });
    expect((await bid('supplier02', packageId, { price: 455000.5 }, [files.supplier02 ?? ''])).status).toBe(200);
    expect((await bid('supplier03', packageId, { price: '470000' }, [files.supplier03 ?? ''])).status).toBe(200);
    const revised = await bid('supplier03', packageId, { price: '460000' }, [files.supplier03 ?? '']);
    expect(revised.body.result).toMatchObject({ price: '460000.00', revision: 2 });

    await okCall('supplier02', 'POST', API.supplierBidWithdraw, { packageId });
    expect((await okCall('supplier02', 'GET', `${API.supplierBidById}?packageId=${packageId}`)).status).toBe('2');
    expect((await call('supplier02', 'POST', API.supplierBidWithdraw, { packageId })).body.message).toBe(M.bidNotFound);
    const again = await bid('supplier02', packageId, { price: '450000' }, [files.supplier02 ?? '']);
    expect(again.body.result).toMatchObject({ status: '1', revision: 2, price: '450000.00' });

    // supplier isolation: a supplier that did not bid sees no bid of the package, never another supplier's.
    const loner = await t.createUser({ roles: ['supplier'] });
    const [company] = await t.db
      .insert(supplier)
      .values({ tenantId: 1, name: '旁观公司', creditCode: `GC${Date.now()}`, status: '3' })
      .returning();
    await t.db.insert(supplierUser).values({ tenantId: 1, userId: loner.id, supplierId: company?.id ?? '' });
    tokens.loner = await t.login(loner.username);
    expect(await okCall('loner', 'GET', `${API.supplierBidById}?packageId=${packageId}`)).toBeNull();
    expect((await okCall('loner', 'GET', `${API.supplierBids}?pageNo=1&pageSize=100`)).total).toBe(0);
    expect((await call('loner', 'POST', API.supplierBidWithdraw, { packageId })).body.message).toBe(M.bidNotFound);
    expect((await bid('loner', packageId, { price: '1000' }, [files.supplier01 ?? ''])).body.message).toBe(
      M.fileNotOwn,
    );

    const mine = await okCall('supplier01', 'GET', `${API.supplierBids}?pageNo=1&pageSize=100`);
    expect(mine.records.every((r: { supplierId: string }) => r.supplierId === SUP1)).toBe(true);
    expect(mine.records.find((r: { packageId: string }) => r.packageId === packageId)).toMatchObject({
      price: '480000.00',
    });
    const list = await okCall('supplier01', 'GET', `${API.supplierNotices}?pageNo=1&pageSize=100`);
    expect(list.records.find((r: { packageId: string }) => r.packageId === packageId)).toMatchObject({
      signedUp: true,
      bidStatus: '1',
    });
  });

  it('keeps every amount sealed from staff before the opening (API and stored row)', async () => {
    for (const who of ['buyer01', 'admin', 'supervisor01']) {
      const bids = await okCall(who, 'GET', `${API.bidList}?packageId=${packageId}`);
      expect(bids).toHaveLength(3);
      for (const b of bids) expect(b).toMatchObject({ price: null, rate: null, evaluatedPrice: null, sealed: true });
      expect(JSON.stringify(bids)).not.toMatch(/480000|460000|450000/);
      expect(await okCall(who, 'GET', `${API.opening}?packageId=${packageId}`)).toBeNull();
    }
    const raw = await t.db.execute<Record<string, unknown>>(
      sql`SELECT * FROM purchase_bid WHERE package_id = ${packageId}`,
    );
    expect(JSON.stringify(raw.rows)).not.toMatch(/480000|460000|450000/);
    expect(raw.rows.every((r) => String(r.sealed_quote).startsWith('v1.') && r.price === null)).toBe(true);
    // The suppliers cannot reach the staff lists.
    expect((await call('supplier01', 'GET', `${API.bidList}?packageId=${packageId}`)).status).toBe(403);
    // Outside the data scope or the tenant: not found.
    expect((await call('project01', 'GET', `${API.bidList}?packageId=${packageId}`)).status).toBe(404);
    expect((await call('yhadmin', 'GET', `${API.bidList}?packageId=${packageId}`)).status).toBe(404);
  });

  it('refuses a bid, a revision and a withdrawal one second after the deadline (server time)', async () => {
    await t.db.execute(
      sql`UPDATE purchase_package SET bid_deadline = now() - interval '1 second' WHERE id = ${packageId}`,
    );
    expect((await bid('supplier01', packageId, { price: '400000' }, [files.supplier01 ?? ''])).body.message).toBe(
      M.bidDeadlinePassed,
    );
    expect((await call('supplier03', 'POST', API.supplierBidWithdraw, { packageId })).body.message).toBe(
      M.bidDeadlinePassed,
    );
    expect((await okCall('supplier01', 'GET', `${API.supplierBidById}?packageId=${packageId}`)).price).toBe(
      '480000.00',
    );
  });

  it('opens: three bidders → stage 5, quotes unsealed into the opening record and the staff list', async () => {
    await t.db.execute(
      sql`UPDATE purchase_package SET purchase_stage = 4, opening_start_time = now() - interval '1 second' WHERE id = ${packageId}`,
    );
    // Through the opening job's batch (the rows it claimed, opened at once: one count, one unseal pass); the
    // buyer's single opening is the 流标 case below.
    const [opened] = await t.db.transaction(async (tx) => {
      const rows = await tx.select().from(purchasePackage).where(eq(purchasePackage.id, packageId)).for('update');
      return t.services.packageStages.openLocked(tx, rows, { username: 'system', role: 'system' }, new Date());
    });
    expect(opened?.purchaseStage).toBe(5);
    const record = await okCall('buyer01', 'GET', `${API.opening}?packageId=${packageId}`);
    expect(record).toMatchObject({ bidderCount: 3, minBidders: 3 });
    expect(record.entries.map((e: { supplierId: string; price: string }) => [e.supplierId, e.price]).sort()).toEqual(
      [
        [SUP1, '480000.00'],
        [SUP2, '450000.00'],
        [SUP3, '460000.00'],
      ].sort(),
    );
    const bids = await okCall('buyer01', 'GET', `${API.bidList}?packageId=${packageId}`);
    expect(bids.find((b: { supplierId: string }) => b.supplierId === SUP2)).toMatchObject({
      price: '450000.00',
      evaluatedPrice: '450000.00',
      sealed: false,
    });
  });

  it('awards: 中标通知书 to the winner and 未中标通知书 to the others, in their bell', async () => {
    await t.db.execute(sql`
      UPDATE purchase_package SET purchase_stage = 11, ranked_candidates = ${JSON.stringify([SUP2, SUP3])}::jsonb,
        valid_bidder_ids = ${JSON.stringify([SUP1, SUP2, SUP3])}::jsonb, publicity_end_time = now() - interval '1 second'
      WHERE id = ${packageId}`);
    const awarded = await t.services.packageStages.endPublicity(t.db, 1, packageId, {
      username: 'system',
      role: 'system',
    });
    expect(awarded.purchaseStage).toBe(12);
    const bell = async (who: string) => {
      const r = await okCall(who, 'GET', '/sys/annountCement/listByUser');
      return (r.sysMsgList as { titile: string; busId: string; msgContent: string }[]).filter(
        (m) => m.busId === packageId,
      );
    };
    const win = await bell('supplier02');
    expect(win).toHaveLength(1);
    expect(win[0]?.titile).toMatch(/^中标通知书：/);
    expect(win[0]?.msgContent).toContain('450000.00');
    for (const who of ['supplier01', 'supplier03']) {
      const lose = await bell(who);
      expect(lose).toHaveLength(1);
      expect(lose[0]?.titile).toMatch(/^未中标通知书：/);
    }
    expect(await bell('buyer01')).toHaveLength(0);
  });
});

describe('流标 at the opening', () => {
  it('two bidders of a minimum three: stage 9 with electionStatus 0, the opening record still written', async () => {
    const { packageId } = await publishedPackage();
    for (const who of ['supplier01', 'supplier02']) {
      await okCall(who, 'POST', API.supplierSignUp, { packageId });
      const f = await upload(who, '响应.pdf', PDF_MIN);
      expect((await bid(who, packageId, { price: '300000' }, [f.id])).status).toBe(200);
    }
    await t.db.execute(
      sql`UPDATE purchase_package SET purchase_stage = 4, opening_start_time = now() - interval '1 second' WHERE id = ${packageId}`,
    );
    const pkg = await t.services.packageStages.open(t.db, 1, packageId, { username: 'buyer01', role: 'buyer' });
    expect([pkg.purchaseStage, pkg.electionStatus]).toEqual([9, '0']);
    const record = await okCall('buyer01', 'GET', `${API.opening}?packageId=${packageId}`);
    expect(record).toMatchObject({ bidderCount: 2, minBidders: 3 });
    const n = await okCall('buyer01', 'POST', API.noticeAdd, {
      packageId,
      noticeType: 'failed',
      title: '流标公告',
      content: '有效投标人不足三家',
    });
    expect((await okCall('buyer01', 'POST', API.noticePublish, { id: n.id })).status).toBe('1');
    // The 采购公告 cannot be revoked once suppliers signed up.
    const purchase = await okCall(
      'buyer01',
      'GET',
      `${API.noticeList}?pageNo=1&pageSize=10&packageId=${packageId}&noticeType=purchase`,
    );
    expect((await call('buyer01', 'POST', API.noticeRevoke, { id: purchase.records[0].id })).body.message).toBe(
      M.noticeRevokeSignedUp,
    );

    // 终止 after the 流标: the stage service's hook publishes the 终止公告, visible to suppliers.
    await okCall('buyer01', 'POST', '/purchase/package/terminate', { id: packageId, reason: '需求取消' });
    const terminated = await okCall(
      'supplier02',
      'GET',
      `${API.supplierNotices}?pageNo=1&pageSize=100&noticeType=terminate`,
    );
    const notice = terminated.records.find((r: { packageId: string }) => r.packageId === packageId);
    expect(notice).toMatchObject({ status: '1', noticeType: 'terminate' });
    expect(notice.content).toContain('需求取消');
  });
});

describe('labour packages quoted by 下浮率', () => {
  it('seals the rate and opens it with the evaluated price fixedPrice × (1 − rate)', async () => {
    const { packageId } = await publishedPackage({
      category: '1',
      lowerCoefficientType: 1,
      fixedPrice: '200000.00',
      minBidders: 1,
    });
    await okCall('supplier03', 'POST', API.supplierSignUp, { packageId });
    const f = await upload('supplier03', '劳务响应.pdf', PDF_MIN);
    expect((await bid('supplier03', packageId, { price: '100' }, [f.id])).body.message).toBe(M.priceNotAllowed);
    const r = await bid('supplier03', packageId, { rate: '0.085' }, [f.id]);
    expect(r.body.result).toMatchObject({ quoteKind: 'rate', rate: '0.0850', evaluatedPrice: '183000.00' });
    const staff = await okCall('buyer01', 'GET', `${API.bidList}?packageId=${packageId}`);
    expect(staff[0]).toMatchObject({ quoteKind: 'rate', rate: null, evaluatedPrice: null });
    await t.db.execute(
      sql`UPDATE purchase_package SET purchase_stage = 4, opening_start_time = now() - interval '1 second' WHERE id = ${packageId}`,
    );
    await t.services.packageStages.open(t.db, 1, packageId, { username: 'buyer01', role: 'buyer' });
    const opened = await okCall('buyer01', 'GET', `${API.bidList}?packageId=${packageId}`);
    expect(opened[0]).toMatchObject({ rate: '0.0850', evaluatedPrice: '183000.00', price: null });
  });
});
