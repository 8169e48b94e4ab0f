/**
 * Issue 14 §5–§6 and §9 (the bid side, second half): sealed bids → opening → award letters, with the refusals
 * (deadline one second past, above fixedPrice, not PDF, another's file), supplier data isolation, the seal (no
 * staff API returns an amount before the opening; the stored row holds only ciphertext), 流标 and 下浮率 quotes.
 */
import { PROCUREMENT_BID_API as API, PROCUREMENT_BID_MESSAGES as M } from '@aps/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { purchasePackage } from '../src/modules/procurement/project/tables.ts';
import { supplier, supplierUser } from '../src/modules/procurement/supplier/tables.ts';
import { bidFixture, SUP1, SUP2, SUP3 } from './procurement-bid-fixture.ts';
import { PDF_MIN, PNG_1PX } from './upload-fixtures.ts';

const fx = bidFixture();
const { tokens, call, okCall, upload, publishedPackage, bid } = fx;

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
    const loner = await fx.t.createUser({ roles: ['supplier'] });
    const [company] = await fx.t.db
      .insert(supplier)
      .values({ tenantId: 1, name: '旁观公司', creditCode: `GC${Date.now()}`, status: '3' })
      .returning();
    await fx.t.db.insert(supplierUser).values({ tenantId: 1, userId: loner.id, supplierId: company?.id ?? '' });
    tokens.loner = await fx.t.login(loner.username);
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
    const raw = await fx.t.db.execute<Record<string, unknown>>(
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
    await fx.t.db.execute(
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
    await fx.t.db.execute(
      sql`UPDATE purchase_package SET purchase_stage = 4, opening_start_time = now() - interval '1 second' WHERE id = ${packageId}`,
    );
    // Through the opening job's batch (the rows it claimed, opened at once: one count, one unseal pass); the
    // buyer's single opening is the 流标 case below.
    const [opened] = await fx.t.db.transaction(async (tx) => {
      const rows = await tx.select().from(purchasePackage).where(eq(purchasePackage.id, packageId)).for('update');
      return fx.t.services.packageStages.openLocked(tx, rows, { username: 'system', role: 'system' }, new Date());
    });
    expect(opened?.purchaseStage).toBe(5);
    const record = await okCall('buyer01', 'GET', `${API.opening}?packageId=${packageId}`);
    expect(record).toMatchObject({ bidderCount: 3, minBidders: 3, openedBy: 'system' });
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
    // After the opening the opened columns are the supplier's record too: their list reads them, not the seal
    // (a seal that no longer opens, e.g. after a key rotation, cannot break it).
    await fx.t.db.execute(sql`UPDATE purchase_bid SET sealed_quote = 'rotated' WHERE package_id = ${packageId}`);
    const mine = await okCall('supplier02', 'GET', `${API.supplierBids}?pageNo=1&pageSize=50`);
    expect(mine.records.find((b: { packageId: string }) => b.packageId === packageId)).toMatchObject({
      price: '450000.00',
      sealed: false,
    });
  });

  it('awards: 中标通知书 to the winner and 未中标通知书 to the others, in their bell', async () => {
    await fx.t.db.execute(sql`
      UPDATE purchase_package SET purchase_stage = 11, ranked_candidates = ${JSON.stringify([SUP2, SUP3])}::jsonb,
        valid_bidder_ids = ${JSON.stringify([SUP1, SUP2, SUP3])}::jsonb, publicity_end_time = now() - interval '1 second'
      WHERE id = ${packageId}`);
    const awarded = await fx.t.services.packageStages.endPublicity(fx.t.db, 1, packageId, {
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
    expect(win[0]?.msgContent).toContain('450,000.00');
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
    await fx.t.db.execute(
      sql`UPDATE purchase_package SET purchase_stage = 4, opening_start_time = now() - interval '1 second' WHERE id = ${packageId}`,
    );
    const pkg = await fx.t.services.packageStages.open(fx.t.db, 1, packageId, { username: 'buyer01', role: 'buyer' });
    expect([pkg.purchaseStage, pkg.electionStatus]).toEqual([9, '0']);
    const record = await okCall('buyer01', 'GET', `${API.opening}?packageId=${packageId}`);
    // 开标人: the buyer who pressed 开标, not the job's 'system'.
    expect(record).toMatchObject({ bidderCount: 2, minBidders: 3, openedBy: 'buyer01' });
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
    await fx.t.db.execute(
      sql`UPDATE purchase_package SET purchase_stage = 4, opening_start_time = now() - interval '1 second' WHERE id = ${packageId}`,
    );
    await fx.t.services.packageStages.open(fx.t.db, 1, packageId, { username: 'buyer01', role: 'buyer' });
    const opened = await okCall('buyer01', 'GET', `${API.bidList}?packageId=${packageId}`);
    expect(opened[0]).toMatchObject({ rate: '0.0850', evaluatedPrice: '183000.00', price: null });
  });
});
