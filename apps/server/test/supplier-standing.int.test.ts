/**
 * Issue 16 slice p16-standing: the participation check (blacklist by scope and dates, at sign-up, bid, award and
 * contract), the blacklist approval, release by the expiry job and 淘汰; the certificate expiry job (暂停 + bell,
 * renewal resumes); the portal's profile changes (key data through admission, plain at once); IDOR and tenants.
 */
import {
  SUPPLIER_API as API,
  PROCUREMENT_BID_API as BID,
  SUPPLIER_ELIGIBILITY_MESSAGES as E,
  SUPPLIER_MESSAGES as M,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assertContractable, checkSupplierStanding } from '../src/modules/procurement/supplier/eligibility.ts';
import { supplierStandingJobs } from '../src/modules/procurement/supplier/standing.ts';
import { bidFixture, type Json, SUP1, SUP2, SUP3 } from './procurement-bid-fixture.ts';

const fx = bidFixture();
const { call, okCall, publishedPackage } = fx;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const runJob = async (name: string) => {
  const job = supplierStandingJobs().find((j) => j.name === name);
  return job?.run({ db: fx.t.db, parameter: null, fireTime: new Date() });
};
const q1 = async <T>(query: ReturnType<typeof sql>) => (await fx.t.db.execute(query)).rows[0] as T;
const statusOf = async (id: string) =>
  (await q1<{ status: string }>(sql`SELECT status FROM supplier WHERE id = ${id}`)).status;

/** Every open task of the process keyed by `key`, decided by its assignee. */
async function decideAll(key: string, action: 'approve' | 'reject' = 'approve') {
  for (let step = 0; step < 10; step++) {
    const task = await q1<{ id: string; assignee: string } | undefined>(sql`
      SELECT t.id, t.assignee FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id
      WHERE i.business_key = ${key} AND t.status = 'open' ORDER BY t.create_time LIMIT 1`);
    if (!task) return;
    fx.tokens[task.assignee] ??= await fx.t.login(task.assignee);
    await okCall(task.assignee, 'POST', `/workflow/task/${action}`, { taskId: task.id, comment: '意见' });
    if (action === 'reject') return;
  }
}

async function blacklist(supplierId: string, body: object = {}, action: 'approve' | 'reject' = 'approve') {
  const row = await okCall('admin', 'POST', API.blacklistAdd, {
    supplierId,
    reason: '串通投标',
    scope: 'tenant',
    startDate: day(0),
    endDate: day(30),
    ...body,
  });
  expect(row.state).toBe('pending');
  await decideAll(row.id, action);
  return row as Json;
}
const blacklistRow = (id: string) =>
  q1<{ state: string; end_date: string | null }>(
    sql`SELECT state, end_date::text FROM supplier_blacklist WHERE id = ${id}`,
  );

describe('the participation check and the blacklist', () => {
  it('a category-scoped blacklisting bars only that category, the status stays', async () => {
    const row = await blacklist(SUP3, { scope: 'categories', categories: ['A01A01'], reason: '劳务质量不合格' });
    expect((await blacklistRow(row.id)).state).toBe('active');
    expect(await statusOf(SUP3)).toBe('2');
    const labour = await publishedPackage({ category: '1' });
    const refused = await call('supplier03', 'POST', BID.supplierSignUp, { packageId: labour.packageId });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(M.blacklisted('劳务质量不合格', day(30)));
    const goods = await publishedPackage({ category: '2' });
    expect((await call('supplier03', 'POST', BID.supplierSignUp, { packageId: goods.packageId })).status).toBe(200);
    await expect(assertContractable(fx.t.db, 1, SUP3, 'A01A01')).rejects.toThrow(
      M.blacklisted('劳务质量不合格', day(30)),
    );
    await expect(assertContractable(fx.t.db, 1, SUP3, 'A02A01')).resolves.toEqual([]);
    await okCall('admin', 'POST', API.blacklistRelease, { id: row.id, reason: '整改完成' });
    expect((await blacklistRow(row.id)).state).toBe('released');
    expect((await call('supplier03', 'POST', BID.supplierSignUp, { packageId: labour.packageId })).status).toBe(200);
  });

  it('tenant-wide: refused at sign-up, bid, award and contract with the reason and end date; the job releases it', async () => {
    const { packageId } = await publishedPackage();
    await okCall('supplier01', 'POST', BID.supplierSignUp, { packageId });
    const row = await blacklist(SUP1);
    const message = M.blacklisted('串通投标', day(30));
    expect(await statusOf(SUP1)).toBe('5');
    const history = await q1<{ from_status: string; to_status: string; reason: string }>(sql`
      SELECT from_status, to_status, reason FROM supplier_status_history WHERE supplier_id = ${SUP1}
      ORDER BY create_time DESC LIMIT 1`);
    expect(history).toMatchObject({ from_status: '3', to_status: '5' });
    const other = await publishedPackage();
    const signUp = await call('supplier01', 'POST', BID.supplierSignUp, { packageId: other.packageId });
    expect([signUp.status, signUp.body.message]).toEqual([400, message]);
    const f = await fx.upload('supplier01', 'bid.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const bid = await fx.bid('supplier01', packageId, { price: '480000' }, [f.id]);
    expect([bid.status, bid.body.message]).toEqual([400, message]);
    await expect(assertContractable(fx.t.db, 1, SUP1, '2')).rejects.toThrow(message);
    // The award skips the blacklisted first candidate, records it and tells the buyer.
    const award = await fx.makePackage({ stage: 12 });
    await fx.t.db.execute(sql`
      UPDATE purchase_package SET election_status = '1', create_by = 'buyer01',
        ranked_candidates = ${JSON.stringify([SUP1, SUP2])}::jsonb WHERE id = ${award}`);
    const result = await fx.t.db.transaction((tx) => fx.t.services.bids.onAward(tx, 1, award));
    expect(result.winner).toBe(SUP2);
    const skip = await q1<{ reason: string }>(
      sql`SELECT reason FROM purchase_package_history WHERE package_id = ${award} AND action = 'awardSkip'`,
    );
    expect(skip.reason).toContain(message);
    const bell = await q1<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sys_announcement WHERE bus_type = 'purchase_award_skip' AND bus_id = ${award}`,
    );
    expect(bell.n).toBe(1);
    // Expired yesterday: the daily job releases it and the supplier is 合格 again.
    await fx.t.db.execute(
      sql`UPDATE supplier_blacklist SET start_date = ${day(-10)}, end_date = ${day(-1)} WHERE id = ${row.id}`,
    );
    expect(await runJob('supplierBlacklistExpiry')).toBe('解除 1');
    expect((await blacklistRow(row.id)).state).toBe('released');
    expect(await statusOf(SUP1)).toBe('3');
    expect((await call('supplier01', 'POST', BID.supplierSignUp, { packageId: other.packageId })).status).toBe(200);
  });

  it('a rejected proposal leaves nothing; 淘汰 is permanent', async () => {
    const rejected = await blacklist(SUP2, {}, 'reject');
    expect((await blacklistRow(rejected.id)).state).toBe('rejected');
    expect(await statusOf(SUP2)).toBe('3');
    const row = await blacklist(SUP2, { reason: '虚假材料' });
    const dup = await call('admin', 'POST', API.blacklistAdd, {
      supplierId: SUP2,
      reason: '重复',
      scope: 'tenant',
      startDate: day(0),
    });
    expect([dup.status, dup.body.message]).toEqual([400, M.blacklistExists]);
    await okCall('admin', 'POST', API.blacklistEliminate, { id: row.id, reason: '情节严重' });
    expect(await statusOf(SUP2)).toBe('6');
    expect((await blacklistRow(row.id)).end_date).toBeNull();
    const { packageId } = await publishedPackage();
    const r = await call('supplier02', 'POST', BID.supplierSignUp, { packageId });
    expect([r.status, r.body.message]).toEqual([400, E.eliminated]);
    expect(await runJob('supplierBlacklistExpiry')).toBe('解除 0');
    const list = await okCall('buyer01', 'GET', `${API.blacklistList}?pageNo=1&pageSize=50&supplierName=中泰`);
    expect(list.records.map((x: Json) => x.id)).toContain(row.id);
  });

  it('the add form picks among blacklistable suppliers by name', async () => {
    const picks = await okCall(
      'admin',
      'GET',
      `${'/supplier/blacklist/candidates'}?name=${encodeURIComponent('鑫源')}`,
    );
    expect(picks.map((p: Json) => p.id)).toEqual([SUP3]);
    expect((await call('buyer01', 'GET', '/supplier/blacklist/candidates')).status).toBe(403);
  });

  it('tenant isolation: another tenant neither lists nor blacklists these suppliers', async () => {
    const list = await okCall('yhadmin', 'GET', `${API.blacklistList}?pageNo=1&pageSize=100`);
    expect(list.records.filter((x: Json) => [SUP1, SUP2, SUP3].includes(x.supplierId))).toEqual([]);
    const r = await call('yhadmin', 'POST', API.blacklistAdd, {
      supplierId: SUP3,
      reason: 'x',
      scope: 'tenant',
      startDate: day(0),
    });
    expect(r.status).toBe(404);
  });
});

describe('certificates and the portal', () => {
  it('the expiry job: reminder once, expired → 暂停 + bell, renewal resumes', async () => {
    await fx.t.db.execute(sql`UPDATE supplier_certificate SET del_flag = 1 WHERE supplier_id = ${SUP1}`);
    const soon = await okCall('supplier01', 'POST', API.certificateAdd, {
      kind: 'safety',
      name: '安全生产许可证',
      number: 'AQ-1',
      expiresOn: day(10),
    });
    expect(soon.state).toBe('expiring');
    const old = await okCall('supplier01', 'POST', API.certificateAdd, {
      kind: 'qualification',
      name: '建筑业企业资质证书',
      number: 'ZZ-1',
      expiresOn: day(300),
    });
    await fx.t.db.execute(sql`UPDATE supplier_certificate SET expires_on = ${day(-1)} WHERE id = ${old.id}`);
    expect(await runJob('supplierCertificateExpiry')).toMatch(/证书状态变化 1$/);
    expect(await statusOf(SUP1)).toBe('4');
    const s = await q1<{ suspended_reason: string }>(sql`SELECT suspended_reason FROM supplier WHERE id = ${SUP1}`);
    expect(s.suspended_reason).toBe(`资质证书「建筑业企业资质证书」已于${day(-1)}过期`);
    const bells = await q1<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM sys_announcement a
      WHERE a.bus_type = 'supplier_suspended' AND a.bus_id = ${SUP1}`);
    expect(bells.n).toBe(1);
    const reminders = await q1<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM sys_announcement WHERE bus_type = 'supplier_certificate_expiring' AND bus_id = ${soon.id}`);
    expect(reminders.n).toBe(1);
    expect(await runJob('supplierCertificateExpiry')).toMatch(/证书状态变化 0$/);
    // 暂停 may take part, with a warning for the buyer.
    const standing = await checkSupplierStanding(fx.t.db, 1, SUP1, '2');
    expect(standing).toEqual({ refusal: null, warnings: [M.suspendedWarning(s.suspended_reason)] });
    const { packageId } = await publishedPackage();
    await okCall('supplier01', 'POST', BID.supplierSignUp, { packageId });
    const signUps = await okCall('buyer01', 'GET', `${BID.signUpList}?packageId=${packageId}`);
    expect(signUps.find((x: Json) => x.supplierId === SUP1).supplierWarning).toBe(
      M.suspendedWarning(s.suspended_reason),
    );
    const renewed = await okCall('supplier01', 'PUT', API.certificateEdit, {
      id: old.id,
      kind: 'qualification',
      name: '建筑业企业资质证书',
      number: 'ZZ-2',
      expiresOn: day(700),
    });
    expect(renewed.state).toBe('valid');
    expect(await statusOf(SUP1)).toBe('3');
  });

  it('IDOR: a supplier only reads and edits its own certificates', async () => {
    const mine = await okCall('supplier01', 'GET', `${API.certificateList}?pageNo=1&pageSize=50`);
    const theirs = mine.records[0] as Json;
    expect(theirs.supplierId).toBe(SUP1);
    const list2 = await okCall('supplier03', 'GET', `${API.certificateList}?pageNo=1&pageSize=50&supplierId=${SUP1}`);
    expect(list2.records.every((c: Json) => c.supplierId === SUP3)).toBe(true);
    const edit = await call('supplier03', 'PUT', API.certificateEdit, { ...theirs, number: 'X' });
    expect([edit.status, edit.body.message]).toEqual([404, M.certificateNotFound]);
    const del = await call('supplier03', 'DELETE', `${API.certificateDelete}?id=${theirs.id}`);
    expect(del.status).toBe(404);
    expect((await call('buyer01', 'GET', API.portalProfile)).status).toBe(403);
  });

  it('a plain change applies at once; a key change waits for the admission approval', async () => {
    const p = await okCall('supplier03', 'GET', API.portalProfile);
    expect(p.id).toBe(SUP3);
    const base = {
      name: p.name,
      creditCode: p.creditCode,
      legalRepresentative: p.legalRepresentative,
      address: p.address,
      contactName: p.contactName,
      contactPhone: p.contactPhone,
      contactEmail: p.contactEmail,
      categories: p.categories,
      bankName: p.bankName,
      bankAccount: p.bankAccount,
    };
    const plain = await okCall('supplier03', 'POST', API.portalChange, { ...base, address: '杭州市西湖区1号' });
    expect([plain.state, plain.keyData]).toEqual(['applied', false]);
    expect((await okCall('supplier03', 'GET', API.portalProfile)).address).toBe('杭州市西湖区1号');
    const key = await okCall('supplier03', 'POST', API.portalChange, {
      ...base,
      address: '杭州市西湖区1号',
      legalRepresentative: '新法人',
    });
    expect([key.state, key.keyData]).toEqual(['pending', true]);
    expect((await okCall('supplier03', 'GET', API.portalProfile)).legalRepresentative).toBe(p.legalRepresentative);
    const again = await call('supplier03', 'POST', API.portalChange, { ...base, contactName: '另一人' });
    expect(again.body.message).toBe(M.changePending);
    await decideAll(key.id);
    expect((await okCall('supplier03', 'GET', API.portalProfile)).legalRepresentative).toBe('新法人');
    const changes = await okCall('supplier03', 'GET', `${API.portalChangeList}?pageNo=1&pageSize=10`);
    expect(changes.records[0]).toMatchObject({ id: key.id, state: 'applied' });
  });
});
