/**
 * Issue 14 §9, award letters for staff: the 中标/未中标通知书 the award wrote, listed and read by staff in the data
 * scope of the package's department (never another tenant's), by each supplier only for itself (IDOR: another
 * supplier's letter id answers 404, the staff route 403), and the winner's letterNo/letterId on package rows.
 */
import {
  PROCUREMENT_BID_API as API,
  type AwardLetterDto,
  PROCUREMENT_BID_MESSAGES as M,
  PROCUREMENT_API,
} from '@aps/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bidFixture, SUP1, SUP2, SUP3 } from './procurement-bid-fixture.ts';

const fx = bidFixture();
const { call, okCall, publishedPackage, awardedPackage } = fx;

const listOf = async (who: string, query: string) =>
  (await okCall(who, 'GET', `${API.awardLetterList}?pageNo=1&pageSize=50&${query}`)) as {
    records: AwardLetterDto[];
    total: number;
  };

describe('award letters', () => {
  let packageId: string;
  let letters: AwardLetterDto[];
  let code: string;

  beforeAll(async () => {
    packageId = await awardedPackage();
    letters = (await listOf('buyer01', `packageId=${packageId}`)).records;
    const pkg = await okCall('buyer01', 'GET', `${PROCUREMENT_API.packageQueryById}?id=${packageId}`);
    code = `${pkg.purchaseCode}-${pkg.packageNo}`;
  });

  it('lists the letters of a package for the buyer: the winner first with its opened price, numbered', async () => {
    expect(letters).toHaveLength(3);
    const [win, ...lose] = letters;
    expect(win).toMatchObject({
      type: 'win',
      supplierId: SUP2,
      supplierName: '中泰物资贸易有限公司',
      price: '450000.50',
      letterNo: `ZB-${code}`,
      readState: '0',
    });
    expect(win?.sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(lose.map((l) => [l.type, l.price]).sort()).toEqual([
      ['lose', null],
      ['lose', null],
    ]);
    expect(lose.map((l) => l.supplierId).sort()).toEqual([SUP1, SUP3].sort());
    expect(lose.map((l) => l.letterNo).sort()).toEqual([`WZB-${code}-01`, `WZB-${code}-02`]);
    // The number is stable: read again by id, the same.
    for (const l of letters) {
      expect(await okCall('buyer01', 'GET', `${API.awardLetterQueryById}?id=${l.id}`)).toEqual(l);
    }
  });

  it('filters by type and supplier name (contains, wildcards literal) and pages on the server', async () => {
    const wins = await listOf('buyer01', `packageId=${packageId}&type=win`);
    expect(wins.records.map((l) => l.supplierId)).toEqual([SUP2]);
    const byName = await listOf('buyer01', `packageId=${packageId}&supplierName=${encodeURIComponent('华东')}`);
    expect(byName.records.map((l) => [l.supplierId, l.type])).toEqual([[SUP1, 'lose']]);
    expect((await listOf('buyer01', `packageId=${packageId}&supplierName=%25`)).total).toBe(0);
    const page = await okCall('buyer01', 'GET', `${API.awardLetterList}?pageNo=2&pageSize=2&packageId=${packageId}`);
    expect(page).toMatchObject({ total: 3, current: 2, size: 2, pages: 2 });
    expect(page.records).toHaveLength(1);
    expect((await call('buyer01', 'GET', `${API.awardLetterList}?pageNo=1&pageSize=10&type=x`)).status).toBe(400);
  });

  it('shows a letter as read once a user of the supplier read it in the bell', async () => {
    const win = letters.find((l) => l.type === 'win');
    const bell = await okCall('supplier02', 'GET', '/sys/annountCement/listByUser');
    const msg = (bell.sysMsgList as { id: string; busId: string }[]).find((m) => m.busId === packageId);
    await okCall('supplier02', 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: msg?.id });
    expect((await okCall('buyer01', 'GET', `${API.awardLetterQueryById}?id=${win?.id}`)).readState).toBe('1');
  });

  it('keeps letters to the data scope of the package department and to the tenant', async () => {
    const win = letters.find((l) => l.type === 'win');
    // project01 sees only A01A01A01; the package is A01's.
    expect((await listOf('project01', `packageId=${packageId}`)).total).toBe(0);
    expect((await call('project01', 'GET', `${API.awardLetterQueryById}?id=${win?.id}`)).status).toBe(404);
    // Another tenant's administrator: nothing, by list or by id.
    expect((await call('yhadmin', 'GET', `${API.awardLetterQueryById}?id=${win?.id}`)).status).toBe(404);
    const other = await listOf('yhadmin', 'type=win');
    expect(other.records.map((l) => l.id)).not.toContain(win?.id);
    // Supervisors read everything of their tenant.
    expect((await listOf('supervisor01', `packageId=${packageId}`)).total).toBe(3);
  });

  it('gives each supplier only its own letters; another supplier’s id is not found (IDOR)', async () => {
    const mine = async (who: string) =>
      ((await okCall(who, 'GET', `${API.awardLetterMy}?pageNo=1&pageSize=100`)).records as AwardLetterDto[]).filter(
        (l) => l.packageId === packageId,
      );
    expect((await mine('supplier02')).map((l) => [l.type, l.price])).toEqual([['win', '450000.50']]);
    const lost = await mine('supplier01');
    expect(lost.map((l) => [l.type, l.supplierId])).toEqual([['lose', SUP1]]);
    const sup1Letter = lost[0]?.id;
    expect((await okCall('supplier01', 'GET', `${API.awardLetterMyById}?id=${sup1Letter}`)).supplierId).toBe(SUP1);
    const idor = await call('supplier02', 'GET', `${API.awardLetterMyById}?id=${sup1Letter}`);
    expect([idor.status, idor.body.message]).toEqual([404, M.letterNotFound]);
    expect((await call('supplier02', 'GET', `${API.awardLetterQueryById}?id=${sup1Letter}`)).status).toBe(403);
    expect((await call('supplier02', 'GET', `${API.awardLetterList}?pageNo=1&pageSize=10`)).status).toBe(403);
    // Every row of a supplier's list is its own, whatever other packages exist.
    const all = (await okCall('supplier01', 'GET', `${API.awardLetterMy}?pageNo=1&pageSize=100`)).records;
    expect(all.every((l: AwardLetterDto) => l.supplierId === SUP1)).toBe(true);
    // 我的投标 shows the result with the letter.
    const bids = (await okCall('supplier02', 'GET', `${API.supplierBids}?pageNo=1&pageSize=100`)).records;
    const win = letters.find((l) => l.type === 'win');
    expect(bids.find((b: { packageId: string }) => b.packageId === packageId)).toMatchObject({
      letterType: 'win',
      letterId: win?.id,
    });
    // Staff hold no supplier code.
    expect((await call('buyer01', 'GET', `${API.awardLetterMy}?pageNo=1&pageSize=10`)).status).toBe(403);
  });

  it('puts the winner’s letterNo and letterId on the package rows of 采购结果', async () => {
    const pkg = await okCall('buyer01', 'GET', `${PROCUREMENT_API.packageQueryById}?id=${packageId}`);
    const rows = await okCall(
      'buyer01',
      'GET',
      `${PROCUREMENT_API.packageList}?pageNo=1&pageSize=50&stages=11,12&name=${encodeURIComponent(pkg.packageName)}`,
    );
    const win = letters.find((l) => l.type === 'win');
    expect(rows.records).toEqual([
      expect.objectContaining({ id: packageId, purchaseStage: 12, letterNo: `ZB-${code}`, letterId: win?.id }),
    ]);
    // A package not awarded carries none.
    const { packageId: open } = await publishedPackage();
    const pending = await okCall('buyer01', 'GET', `${PROCUREMENT_API.packageList}?pageNo=1&pageSize=100&stages=2`);
    expect(pending.records.find((r: { id: string }) => r.id === open)).toMatchObject({
      letterNo: null,
      letterId: null,
    });
  });
});
