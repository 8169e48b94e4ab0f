/**
 * Shared set-up of the bid-side integration tests (notices, sign-ups, sealed bids, opening, award letters): one
 * test app per file with the demo users logged in, an HTTP caller, uploads, and packages inserted as the project
 * module would have created them (timetable open now).
 */
import crypto from 'node:crypto';
import { PROCUREMENT_BID_API as API } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { supplierSeedId } from '../src/seed/suppliers.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import type { Method } from './sys-helpers.ts';
import { PDF_MIN } from './upload-fixtures.ts';

export const SUP1 = supplierSeedId('huadong');
export const SUP2 = supplierSeedId('zhongtai');
export const SUP3 = supplierSeedId('xinyuan');

// biome-ignore lint/suspicious/noExplicitAny: the envelope's result is untyped JSON, read field by field.
export type Json = any;

export interface PackageOptions {
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

/** Registers the file's beforeAll/afterAll and returns the helpers; `fx.t` is the app once beforeAll ran. */
export function bidFixture() {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['buyer01', 'supplier01', 'supplier02', 'supplier03', 'project01', 'supervisor01']) {
      tokens[u] = await t.login(u);
    }
    tokens.admin = await t.login('admin', TEST_ADMIN_PASSWORD);
    tokens.yhadmin = await t.login('yhadmin');
  });
  afterAll(() => t.close());

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

  /** An attachment body for a form: `who`'s upload, moved to tenant 2 when `foreign` (the server must refuse it). */
  async function attachment(who: string, fileName: string, foreign = false) {
    const f = await upload(who, fileName, PDF_MIN);
    if (foreign) await t.db.execute(sql`UPDATE sys_file SET tenant_id = 2 WHERE id = ${f.id}`);
    return { fileId: f.id, filePath: 'forged/path.pdf', fileName: 'forged.pdf', fileSize: 1 };
  }

  let seq = 0;
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

  /** A package through sign-up, bids (supplier02 cheapest), opening and award: SUP2 wins at 450000.50. */
  async function awardedPackage(): Promise<string> {
    const { packageId } = await publishedPackage();
    const prices: Record<string, string> = { supplier01: '480000', supplier02: '450000.5', supplier03: '460000' };
    for (const who of ['supplier01', 'supplier02', 'supplier03']) {
      await okCall(who, 'POST', API.supplierSignUp, { packageId });
      const f = await upload(who, `${who}.pdf`, PDF_MIN);
      expect((await bid(who, packageId, { price: prices[who] }, [f.id])).status).toBe(200);
    }
    await t.db.execute(
      sql`UPDATE purchase_package SET purchase_stage = 4, opening_start_time = now() - interval '1 second' WHERE id = ${packageId}`,
    );
    await t.services.packageStages.open(t.db, 1, packageId, { username: 'buyer01', role: 'buyer' });
    await t.db.execute(sql`
      UPDATE purchase_package SET purchase_stage = 11, ranked_candidates = ${JSON.stringify([SUP2, SUP3])}::jsonb,
        valid_bidder_ids = ${JSON.stringify([SUP1, SUP2, SUP3])}::jsonb, publicity_end_time = now() - interval '1 second'
      WHERE id = ${packageId}`);
    await t.services.packageStages.endPublicity(t.db, 1, packageId, { username: 'system', role: 'system' });
    return packageId;
  }
  return {
    get t() {
      return t;
    },
    tokens,
    call,
    okCall,
    upload,
    attachment,
    makePackage,
    stageOf,
    publishedPackage,
    bid,
    awardedPackage,
  };
}
