/**
 * Issue 14 §4–§5 (the bid side, first half): notices and sign-ups, with the refusals (window, eligibility, a
 * duplicate sign-up race) and staff data scope. Sealed bids, the opening and the award are in
 * procurement-bid-opening.int.test.ts; the award letters in procurement-award-letter.int.test.ts.
 */
import {
  PROCUREMENT_BID_API as API,
  PROCUREMENT_BID_MESSAGES as M,
  PROCUREMENT_MESSAGES,
  SUPPLIER_ELIGIBILITY_MESSAGES,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { supplier, supplierUser } from '../src/modules/procurement/supplier/tables.ts';
import { bidFixture, SUP1, SUP3 } from './procurement-bid-fixture.ts';
import { PDF_MIN } from './upload-fixtures.ts';

const fx = bidFixture();
const { tokens, call, okCall, upload, makePackage, stageOf, publishedPackage } = fx;

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
    const history = await fx.t.db.execute<{ action: string; from_stage: number; to_stage: number; actor: string }>(
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
    const loose = await fx.t.createUser({ roles: ['supplier'] });
    tokens.loose = await fx.t.login(loose.username);
    expect((await call('loose', 'POST', API.supplierSignUp, { packageId })).body.message).toBe(
      SUPPLIER_ELIGIBILITY_MESSAGES.notLinked,
    );

    // A blacklisted supplier: the one eligibility check refuses it.
    const [black] = await fx.t.db
      .insert(supplier)
      .values({ tenantId: 1, name: '黑名单公司', creditCode: `BL${Date.now()}`, status: '5' })
      .returning();
    await fx.t.db.insert(supplierUser).values({ tenantId: 1, userId: loose.id, supplierId: black?.id ?? '' });
    expect((await call('loose', 'POST', API.supplierSignUp, { packageId })).body.message).toBe(
      SUPPLIER_ELIGIBILITY_MESSAGES.blacklisted,
    );

    await fx.t.db.execute(
      sql`UPDATE purchase_package SET sign_up_end_time = now() - interval '1 second' WHERE id = ${packageId}`,
    );
    expect((await call('supplier02', 'POST', API.supplierSignUp, { packageId })).body.message).toBe(M.signUpEnded);

    // Two sign-ups of one supplier at once (a second user of the company): exactly one row, the other refused.
    const colleague = await fx.t.createUser({ roles: ['supplier'] });
    await fx.t.db.insert(supplierUser).values({ tenantId: 1, userId: colleague.id, supplierId: SUP3 });
    tokens.colleague = await fx.t.login(colleague.username);
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
    const rows = await fx.t.db.execute(sql`SELECT 1 FROM purchase_sign_up WHERE package_id = ${other}`);
    expect(rows.rows).toHaveLength(1);

    const mine = await okCall('supplier01', 'GET', `${API.supplierSignUps}?pageNo=1&pageSize=100`);
    expect(mine.records.every((r: { supplierId: string }) => r.supplierId === SUP1)).toBe(true);
    expect(mine.records.map((r: { packageId: string }) => r.packageId)).toContain(packageId);
    const staff = await okCall('buyer01', 'GET', `${API.signUpList}?packageId=${packageId}`);
    expect(staff.map((r: { supplierId: string }) => r.supplierId)).toEqual([SUP1]);
  });
});
