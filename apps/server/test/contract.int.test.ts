/**
 * Issue 16, contracts: an award → a draft (winner, winning price) → the 'contract' approval → 待签订 → the buyer's
 * and the supplier's signatures → 履行中; one live contract per package; changes through the approval
 * (changed_amount); terminate/void rules; a supplier reads only its own (IDOR); tenant and department scope; the
 * 30-day unsigned reminder (once per package); 履约评价 → supplier.score.
 */
import { CONTRACT_API as API, CONTRACT_MESSAGES as M, SUPPLIER_STATUS } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { awardForContract } from '../src/modules/procurement/contract/award.ts';
import { remindUnsignedAwards, UNSIGNED_BUS_TYPE } from '../src/modules/procurement/contract/jobs.ts';
import { bidFixture, type Json, SUP2 } from './procurement-bid-fixture.ts';

const fx = bidFixture();
const { call, okCall } = fx;

/** An awarded package (SUP2 wins at 450000.50) with pay terms and a warranty on the package. */
async function awardedPackage(): Promise<string> {
  const packageId = await fx.awardedPackage();
  await fx.t.db.execute(sql`UPDATE purchase_package SET pay_type_memo = '验收合格后30日内付款', warranty_period = 12
    WHERE id = ${packageId}`);
  return packageId;
}

/** Every open task of the business key approved (or the first rejected) by its assignee. */
async function decideAll(businessKey: string, action: 'approve' | 'reject' = 'approve') {
  for (let step = 0; step < 10; step++) {
    const open = await fx.t.db.execute<{ id: string; assignee: string }>(sql`
      SELECT t.id, t.assignee FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id
      WHERE i.business_key = ${businessKey} AND t.status = 'open' ORDER BY t.create_time LIMIT 1`);
    const task = open.rows[0];
    if (!task) return;
    fx.tokens[task.assignee] ??= await fx.t.login(task.assignee);
    await okCall(task.assignee, 'POST', `/workflow/task/${action}`, {
      taskId: task.id,
      comment: action === 'reject' ? '付款条件需修改' : '同意',
    });
    if (action === 'reject') return;
  }
}

const draftBody = (packageId: string, extra: object = {}) => ({
  packageId,
  name: `办公楼改造合同${Date.now()}`,
  amount: '1.00',
  termStart: '2026-12-01',
  termEnd: '2027-11-30',
  warrantyPeriod: 12,
  retentionRate: '5',
  ...extra,
});

async function signedContract(): Promise<Json> {
  const packageId = await awardedPackage();
  const c = await okCall('buyer01', 'POST', API.add, draftBody(packageId));
  await okCall('buyer01', 'POST', API.submit, { id: c.id });
  await decideAll(c.id);
  await okCall('buyer01', 'POST', API.sign, { id: c.id });
  return okCall('supplier02', 'POST', API.supplierSign, { id: c.id });
}

describe('contract from an award', () => {
  let packageId: string;
  let contract: Json;

  beforeAll(async () => {
    packageId = await awardedPackage();
  });

  it('drafts from the award: the winner, the winning price, pay terms, warranty and default retention', async () => {
    const award = await okCall('buyer01', 'GET', `${API.draftFromAward}?packageId=${packageId}`);
    expect(award).toMatchObject({
      supplierId: SUP2,
      supplierName: '中泰物资贸易有限公司',
      amount: '450000.50',
      payTerms: '验收合格后30日内付款',
      warrantyPeriod: 12,
      retentionRate: '5.00',
      contractId: null,
    });
    expect(award.awardLetterId).toMatch(/^[0-9a-f-]{36}$/);
    contract = await okCall('buyer01', 'POST', API.add, draftBody(packageId));
    expect(contract).toMatchObject({
      state: 'draft',
      supplierId: SUP2,
      amount: '450000.50',
      changedAmount: '0.00',
      payTerms: '验收合格后30日内付款',
      retentionRate: '5.00',
      awardLetterId: award.awardLetterId,
      sysOrgCode: 'A01',
    });
    expect(contract.contractNo).toMatch(/^HT\d{4}\d{5}$/);
  });

  it('refuses a second live contract for the package and a package not awarded', async () => {
    const again = await call('buyer01', 'POST', API.add, draftBody(packageId));
    expect([again.status, again.body.message]).toEqual([400, M.packageHasContract]);
    // The seam reads what the award leaves: stage 12 alone (no ranked winner with an opened price) is not enough.
    const bare = await fx.makePackage({ stage: 12 });
    await fx.t.db.execute(
      sql`UPDATE purchase_package SET ranked_candidates = ${JSON.stringify([SUP2])}::jsonb WHERE id = ${bare}`,
    );
    const unpriced = await call('buyer01', 'GET', `${API.draftFromAward}?packageId=${bare}`);
    expect([unpriced.status, unpriced.body.message]).toEqual([400, M.packageNotAwarded]);
    const seam = await awardForContract(fx.t.db, 1, { kind: 'subtree', orgCodes: ['A01'] }, packageId);
    expect(seam).toMatchObject({ supplierId: SUP2, amount: '450000.50', warrantyPeriod: 12, sysOrgCode: 'A01' });
    expect(seam.awardTime).not.toBeNull();
    // Outside the data scope the package does not exist for the caller.
    await expect(awardForContract(fx.t.db, 1, { kind: 'subtree', orgCodes: ['A01A02'] }, packageId)).rejects.toThrow(
      '标包不存在或已删除',
    );
    const open = await fx.makePackage({ stage: 5 });
    const notAwarded = await call('buyer01', 'POST', API.add, draftBody(open));
    expect([notAwarded.status, notAwarded.body.message]).toEqual([400, M.packageNotAwarded]);
  });

  it('keeps attachments to uploads of the tenant, stored with their own path and name', async () => {
    const foreign = await fx.attachment('buyer01', 'other.pdf', true);
    const edit = (attachments: object[]) =>
      call('buyer01', 'PUT', API.edit, { ...draftBody(packageId), id: contract.id, attachments });
    const refused = await edit([foreign]);
    expect([refused.status, refused.body.message]).toEqual([400, '只能使用本单位上传的文件']);
    const own = await fx.attachment('buyer01', '合同扫描件.pdf');
    const kept = await edit([own]);
    expect(kept.status).toBe(200);
    expect(kept.body.result.attachments).toEqual([
      expect.objectContaining({
        fileId: own.fileId,
        fileName: '合同扫描件.pdf',
        filePath: expect.not.stringMatching(/forged/),
      }),
    ]);
  });

  it('edits a draft; approval rejected goes back to 草稿 with the reason, then approved → 待签订', async () => {
    const edited = await okCall('buyer01', 'PUT', API.edit, {
      ...draftBody(packageId, { name: '办公楼改造施工合同', payTerms: '按月结算' }),
      id: contract.id,
    });
    expect(edited).toMatchObject({ name: '办公楼改造施工合同', payTerms: '按月结算', amount: '450000.50' });
    expect((await okCall('buyer01', 'POST', API.submit, { id: contract.id })).state).toBe('approving');
    const noEdit = await call('buyer01', 'PUT', API.edit, { ...draftBody(packageId), id: contract.id });
    expect([noEdit.status, noEdit.body.message]).toEqual([400, M.notEditable]);
    await decideAll(contract.id, 'reject');
    const back = await okCall('buyer01', 'GET', `${API.queryById}?id=${contract.id}`);
    expect(back).toMatchObject({ state: 'draft', approvalStatus: '5', endReason: '审批驳回：付款条件需修改' });
    await okCall('buyer01', 'POST', API.submit, { id: contract.id });
    await decideAll(contract.id);
    const approved = await okCall('buyer01', 'GET', `${API.queryById}?id=${contract.id}`);
    expect(approved).toMatchObject({ state: 'to_sign', approvalStatus: '4', endReason: null, sysOrgCode: 'A01' });
    // The detail names the buyer's department, not only its code.
    expect(approved.departName).toBe('华信建设集团有限公司');
  });

  it('keeps a supplier to its own contracts (IDOR) and staff to their tenant and department', async () => {
    // Not signed yet: the winner sees it, another supplier does not (404 as a missing one).
    expect((await okCall('supplier02', 'GET', `${API.supplierQueryById}?id=${contract.id}`)).id).toBe(contract.id);
    const idor = await call('supplier01', 'GET', `${API.supplierQueryById}?id=${contract.id}`);
    expect([idor.status, idor.body.message]).toEqual([404, M.notFound]);
    const idorSign = await call('supplier01', 'POST', API.supplierSign, { id: contract.id });
    expect(idorSign.status).toBe(404);
    const mine = await okCall('supplier01', 'GET', `${API.supplierList}?pageNo=1&pageSize=100`);
    expect(mine.records.map((r: Json) => r.id)).not.toContain(contract.id);
    expect((await call('supplier02', 'GET', `${API.queryById}?id=${contract.id}`)).status).toBe(403);
    expect((await call('buyer01', 'GET', `${API.supplierList}?pageNo=1&pageSize=10`)).status).toBe(403);
    expect((await call('yhadmin', 'GET', `${API.queryById}?id=${contract.id}`)).status).toBe(404);
    // A buyer of another department (data scope 2: its own department and below) neither reads nor lists it.
    const u = await fx.t.createUser({ roles: ['buyer'], departs: ['A01A02'] });
    fx.tokens[u.username] = await fx.t.login(u.username);
    expect((await call(u.username, 'GET', `${API.queryById}?id=${contract.id}`)).status).toBe(404);
    const theirs = await okCall(
      u.username,
      'GET',
      `${API.list}?pageNo=1&pageSize=10&contractNo=${contract.contractNo}`,
    );
    expect(theirs.records).toEqual([]);
    const byOrg = (org: string) =>
      okCall('buyer01', 'GET', `${API.list}?pageNo=1&pageSize=10&contractNo=${contract.contractNo}&sysOrgCode=${org}`);
    expect((await byOrg('A01')).records.map((r: Json) => r.id)).toEqual([contract.id]);
    expect((await byOrg('A01A02')).records).toEqual([]);
    // project01 (项目采购员) has no 合同管理 at all.
    expect((await call('project01', 'GET', `${API.queryById}?id=${contract.id}`)).status).toBe(403);
  });

  it('signs on both sides: the second signature → 履行中; a repeated signature refused', async () => {
    const one = await okCall('buyer01', 'POST', API.sign, { id: contract.id });
    expect(one).toMatchObject({ state: 'to_sign', buyerSignedBy: 'buyer01' });
    const twice = await call('buyer01', 'POST', API.sign, { id: contract.id });
    expect([twice.status, twice.body.message]).toEqual([400, M.alreadySigned]);
    const two = await okCall('supplier02', 'POST', API.supplierSign, { id: contract.id });
    expect(two).toMatchObject({ state: 'performing', supplierSignedBy: 'supplier02' });
    const list = await okCall('buyer01', 'GET', `${API.list}?pageNo=1&pageSize=10&contractNo=${contract.contractNo}`);
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({ id: contract.id, state: 'performing', state_dictText: '履行中' });
  });

  it('a change of amount through the approval updates changed_amount; one pending change at a time', async () => {
    const change = await okCall('buyer01', 'POST', API.change, {
      id: contract.id,
      kind: 'amount',
      newAmount: '470000.75',
      reason: '增加附属工程',
    });
    expect(change).toMatchObject({ kind: 'amount', oldValue: '450000.50', newValue: '470000.75', state: 'approving' });
    const second = await call('buyer01', 'POST', API.change, {
      id: contract.id,
      kind: 'term',
      newTermEnd: '2028-01-31',
      reason: '工期顺延',
    });
    expect(second.status).toBe(400);
    expect((await okCall('buyer01', 'GET', `${API.queryById}?id=${contract.id}`)).state).toBe('changing');
    await decideAll(change.id);
    const after = await okCall('buyer01', 'GET', `${API.queryById}?id=${contract.id}`);
    expect(after).toMatchObject({
      state: 'performing',
      amount: '450000.50',
      changedAmount: '20000.25',
      total: '470000.75',
    });
    expect(after.changes).toEqual([expect.objectContaining({ id: change.id, state: 'approved', approvalStatus: '4' })]);
  });

  it('performs, evaluates (score = mean), refuses a second evaluation and closes only after the warranty', async () => {
    const early = await call('buyer01', 'POST', API.evaluate, {
      contractId: contract.id,
      qualityScore: '90',
      scheduleScore: '80',
      serviceScore: '85',
    });
    expect([early.status, early.body.message]).toEqual([400, M.notEvaluable]);
    const done = await okCall('buyer01', 'POST', API.progress, { id: contract.id, action: 'performed' });
    expect(done.state).toBe('performed');
    expect(done.warrantyEnd).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const tooSoon = await call('buyer01', 'POST', API.progress, { id: contract.id, action: 'close' });
    expect(tooSoon.status).toBe(400);
    const e = await okCall('buyer01', 'POST', API.evaluate, {
      contractId: contract.id,
      qualityScore: '50',
      scheduleScore: '55.5',
      serviceScore: '60',
      comments: '工期拖延',
    });
    expect(e.totalScore).toBe('55.17');
    const again = await call('buyer01', 'POST', API.evaluate, {
      contractId: contract.id,
      qualityScore: '90',
      scheduleScore: '90',
      serviceScore: '90',
    });
    expect([again.status, again.body.message]).toEqual([400, M.evaluated]);
    const s = await fx.t.db.execute<{ score: string; standing: string | null }>(
      sql`SELECT score::text, standing FROM supplier WHERE id = ${SUP2}`,
    );
    const avg = await fx.t.db.execute<{ a: string }>(
      sql`SELECT round(avg(total_score), 2)::text AS a FROM supplier_performance WHERE supplier_id = ${SUP2}`,
    );
    expect(s.rows[0]?.score).toBe(avg.rows[0]?.a);
    if (Number(s.rows[0]?.score) < 60) expect(s.rows[0]?.standing).toMatch(/^履约评价预警/);
    await okCall('buyer01', 'POST', API.progress, { id: contract.id, action: 'warranty' });
    await fx.t.db.execute(sql`UPDATE contract SET warranty_end = current_date - 1 WHERE id = ${contract.id}`);
    expect((await okCall('buyer01', 'POST', API.progress, { id: contract.id, action: 'close' })).state).toBe('closed');
    const codes: string = await okCall(
      'buyer01',
      'GET',
      `/laborperformancehistory/laborPerformanceHistory/selectCategoryByCode?itemValue=A02`,
    );
    // SUP2 (A02A01, A02A02, A02A04) now has a performance history; codes outside A02 are filtered out.
    expect(codes.split(',')).toEqual(expect.arrayContaining(['A02A01', 'A02A02', 'A02A04']));
    expect(codes.split(',').every((c) => c.startsWith('A02'))).toBe(true);
  });
});

describe('terminate and void', () => {
  it('voids a draft (the package is free again) but not a performing contract; terminates with a reason', async () => {
    const packageId = await awardedPackage();
    const c = await okCall('buyer01', 'POST', API.add, draftBody(packageId));
    const noReason = await call('buyer01', 'POST', API.void, { id: c.id, reason: '' });
    expect(noReason.status).toBe(400);
    expect((await okCall('buyer01', 'POST', API.void, { id: c.id, reason: '名称有误' })).state).toBe('voided');
    const fresh = await okCall('buyer01', 'POST', API.add, draftBody(packageId));
    await okCall('buyer01', 'POST', API.submit, { id: fresh.id });
    await decideAll(fresh.id);
    await okCall('buyer01', 'POST', API.sign, { id: fresh.id });
    await okCall('supplier02', 'POST', API.supplierSign, { id: fresh.id });
    const v = await call('buyer01', 'POST', API.void, { id: fresh.id, reason: '不要了' });
    expect([v.status, v.body.message]).toEqual([400, M.stateRefused('作废', '履行中')]);
    const t = await okCall('buyer01', 'POST', API.terminate, { id: fresh.id, reason: '供应商违约' });
    expect(t).toMatchObject({ state: 'terminated', endReason: '供应商违约' });
  });

  it('refuses a blacklisted supplier at the draft and at the signature', async () => {
    const packageId = await awardedPackage();
    const c = await okCall('buyer01', 'POST', API.add, draftBody(packageId));
    await okCall('buyer01', 'POST', API.submit, { id: c.id });
    await decideAll(c.id);
    const other = await awardedPackage();
    await fx.t.db.execute(sql`UPDATE supplier SET status = ${SUPPLIER_STATUS.blacklisted} WHERE id = ${SUP2}`);
    try {
      const status = (await fx.t.db.execute<{ s: string }>(sql`SELECT status AS s FROM supplier WHERE id = ${SUP2}`))
        .rows[0]?.s;
      expect(status).toBe(SUPPLIER_STATUS.blacklisted);
      const sign = await call('buyer01', 'POST', API.sign, { id: c.id });
      expect(sign.status).toBe(400);
      expect(sign.body.message).toMatch(/^供应商不能签订合同：/);
      const draft = await call('buyer01', 'POST', API.add, draftBody(other));
      expect(draft.status).toBe(400);
    } finally {
      await fx.t.db.execute(sql`UPDATE supplier SET status = ${SUPPLIER_STATUS.qualified} WHERE id = ${SUP2}`);
    }
  });
});

describe('the 30-day unsigned reminder', () => {
  it('reminds the buyer once per package 30 days after the award without a signed contract', async () => {
    const late = await awardedPackage();
    const signed = await signedContract();
    await fx.t.db.execute(sql`UPDATE purchase_package SET award_time = now() - interval '31 days', create_by = 'buyer01'
      WHERE id IN (${late}, ${signed.packageId})`);
    await remindUnsignedAwards(fx.t.db, new Date(), 1000);
    await remindUnsignedAwards(fx.t.db, new Date(), 1000);
    const sent = await fx.t.db.execute<{ bus_id: string; n: number }>(sql`
      SELECT bus_id, count(*)::int AS n FROM sys_announcement WHERE bus_type = ${UNSIGNED_BUS_TYPE}
        AND bus_id IN (${late}, ${signed.packageId}) GROUP BY bus_id`);
    expect(sent.rows).toEqual([{ bus_id: late, n: 1 }]);
  });
});
