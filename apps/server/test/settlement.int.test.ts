import { SETTLEMENT_API as A, CONTRACT_API as C, LEDGER_API as L } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bidFixture, type Json, SUP1, SUP2 } from './procurement-bid-fixture.ts';

/**
 * 结算 (issue 16, slice p16-settle): settlements approved through the seeded 'settlement' process, payments,
 * retention release, 我的结算 and the ledger. Contracts are set up in 履行中 by SQL (the contract slice builds
 * their drafting and signing in parallel).
 */
const fx = bidFixture();

let seq = 0;
async function performingContract(
  o: { amount?: string; rate?: string; org?: string; tenantId?: number; sup?: string; state?: string } = {},
) {
  const tenantId = o.tenantId ?? 1;
  const packageId = await fx.makePackage({ orgCode: o.org ?? 'A01', tenantId, bare: true });
  const no = `HT-S-${Date.now().toString(36)}${seq++}`;
  const r = await fx.t.db.execute<{ id: string }>(sql`
    INSERT INTO contract (tenant_id, sys_org_code, contract_no, name, package_id, supplier_id, amount, term_start,
      term_end, warranty_period, retention_rate, state, approval_status)
    VALUES (${tenantId}, ${o.org ?? 'A01'}, ${no}, ${`结算测试合同${no}`}, ${packageId}, ${o.sup ?? SUP1},
      ${o.amount ?? '100000.00'}, '2026-01-01', '2026-12-31', 12, ${o.rate ?? '5'}, ${o.state ?? 'performing'}, '4')
    RETURNING id`);
  return { id: r.rows[0]?.id as string, no };
}

const contractRow = async (id: string) =>
  (
    await fx.t.db.execute<Record<string, string>>(sql`
      SELECT settled_amount, payable_amount, paid_amount, retention_held, retention_released FROM contract WHERE id = ${id}`)
  ).rows[0];

/** Every open task of the settlement's process, approved by its assignee. */
async function approveAll(businessKey: string, action: 'approve' | 'reject' = 'approve') {
  for (let step = 0; step < 10; step++) {
    const open = await fx.t.db.execute<{ id: string; assignee: string }>(sql`
      SELECT t.id, t.assignee FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id
      WHERE i.business_key = ${businessKey} AND t.status = 'open' ORDER BY t.create_time LIMIT 1`);
    const task = open.rows[0];
    if (!task) return;
    fx.tokens[task.assignee] ??= await fx.t.login(task.assignee);
    await fx.okCall(task.assignee, 'POST', `/workflow/task/${action}`, { taskId: task.id, comment: '同意' });
    if (action === 'reject') return;
  }
}

const add = (contractId: string, amount: string, extra: object = {}) =>
  fx.call('buyer01', 'POST', A.add, {
    contractId,
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    amount,
    ...extra,
  });

async function approvedSettlement(contractId: string, amount: string, extra: object = {}): Promise<Json> {
  const r = await add(contractId, amount, extra);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await fx.okCall('buyer01', 'POST', A.submit, { id: r.body.result.id });
  await approveAll(r.body.result.id);
  return fx.okCall('buyer01', 'GET', `${A.queryById}?id=${r.body.result.id}`);
}

const pay = (settlementId: string, amount: string, paidOn = '2026-04-10') =>
  fx.call('buyer01', 'POST', A.pay, { settlementId, amount, paidOn, method: 'transfer', voucherNo: 'PZ-1' });

describe('settlements, payments and the ledger', () => {
  it('takes invoice and payment attachments only from uploads of the tenant', async () => {
    const c = await performingContract();
    const foreign = await fx.attachment('buyer01', 'invoice.pdf', true);
    const refused = await add(c.id, '100.00', { invoices: [foreign] });
    expect([refused.status, refused.body.message]).toEqual([400, '只能使用本单位上传的文件']);
    const own = await fx.attachment('buyer01', '发票.pdf');
    const s = await approvedSettlement(c.id, '100.00', { invoices: [own] });
    expect(s.invoices).toEqual([expect.objectContaining({ fileId: own.fileId, fileName: '发票.pdf' })]);
    const body = { settlementId: s.id, amount: '10.00', paidOn: '2026-04-10', method: 'transfer' };
    const bad = await fx.call('buyer01', 'POST', A.pay, { ...body, attachments: [foreign] });
    expect([bad.status, bad.body.message]).toEqual([400, '只能使用本单位上传的文件']);
    const voucher = await fx.attachment('buyer01', '付款凭证.pdf');
    expect((await fx.call('buyer01', 'POST', A.pay, { ...body, attachments: [voucher] })).status).toBe(200);
    const payments = await fx.okCall('buyer01', 'GET', `${A.paymentList}?settlementId=${s.id}`);
    expect(payments.map((p: Json) => p.attachments[0]?.fileName)).toEqual(['付款凭证.pdf']);
  });

  it('two approved settlements with a payment each give exact ledger figures', async () => {
    const c = await performingContract({ amount: '100000.00', rate: '5' });
    const s1 = await approvedSettlement(c.id, '30000.10', { deductions: '1000.00' });
    expect(s1).toMatchObject({ state: 'approved', retention: '1500.01', netPayable: '27500.09', approvalStatus: '4' });
    const s2 = await approvedSettlement(c.id, '20000.00', { retention: '500.00' });
    expect(s2).toMatchObject({ state: 'approved', retention: '500.00', netPayable: '19500.00' });
    expect((await pay(s1.id, '10000.00')).body.result.state).toBe('partially_paid');
    const paidOff = await pay(s1.id, '17500.09', '2026-05-02');
    expect(paidOff.body.result).toMatchObject({ state: 'paid', paidAmount: '27500.09' });
    expect((await pay(s2.id, '5000.55')).body.result.state).toBe('partially_paid');
    expect(await contractRow(c.id)).toEqual({
      settled_amount: '50000.10',
      payable_amount: '47000.09',
      paid_amount: '32500.64',
      retention_held: '2000.01',
      retention_released: '0.00',
    });
    const ledger = await fx.okCall('buyer01', 'GET', `${L.list}?contractNo=${c.no}`);
    expect(ledger.records).toEqual([
      expect.objectContaining({
        contractNo: c.no,
        total: '100000.00',
        settledAmount: '50000.10',
        paidAmount: '32500.64',
        unpaid: '14499.45',
        retentionBalance: '2000.01',
        remaining: '49999.90',
      }),
    ]);
    const sum = await fx.okCall('buyer01', 'GET', `${L.summary}?contractNo=${c.no}`);
    expect(sum).toMatchObject({ contracts: 1, settledAmount: '50000.10', paidAmount: '32500.64', unpaid: '14499.45' });
    expect(sum.byMonth).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ month: '2026-04', paidAmount: '15000.55' }),
        expect.objectContaining({ month: '2026-05', paidAmount: '17500.09' }),
      ]),
    );
    expect(sum.bySupplier[0]).toMatchObject({ key: SUP1, paidAmount: '32500.64' });
    const payments = await fx.okCall('buyer01', 'GET', `${A.paymentList}?settlementId=${s1.id}`);
    expect(payments.map((p: Json) => p.amount)).toEqual(['10000.00', '17500.09']);
    const bell = await fx.t.db.execute<{ title: string }>(sql`
      SELECT title FROM sys_announcement WHERE bus_type = 'settlement_payment' AND bus_id = ${s1.id} ORDER BY create_time`);
    expect(bell.rows.map((r) => r.title)).toEqual([`结算单${s1.settlementNo}已付款`, `结算单${s1.settlementNo}已付款`]);
  });

  it('refuses an over-settlement (pending counted), an over-payment and a retention above the rate', async () => {
    const c = await performingContract({ amount: '10000.00', rate: '10' });
    const first = await add(c.id, '6000.00');
    await fx.okCall('buyer01', 'POST', A.submit, { id: first.body.result.id });
    const over = await add(c.id, '4000.01');
    expect(over.body).toMatchObject({ success: false, message: '结算金额超出合同可结算余额（可结算¥4,000.00）' });
    const high = await add(c.id, '1000.00', { retention: '100.01' });
    expect(high.body.message).toBe('质保金不能高于按合同比例计算的金额（¥100.00）');
    const big = await add(c.id, '1000.00', { deductions: '950.00' });
    expect(big.body.message).toBe('扣款与质保金之和不能超过结算金额');
    await approveAll(first.body.result.id);
    const tooMuch = await pay(first.body.result.id, '5400.01');
    expect(tooMuch.body).toMatchObject({ success: false, message: '付款金额超出结算单未付金额（未付¥5,400.00）' });
    await fx.t.db.execute(sql`UPDATE contract SET state = 'closed' WHERE id = ${c.id}`);
    expect((await add(c.id, '10.00')).body.message).toBe('合同当前状态为「关闭」，不能结算');
  });

  it('a rejected settlement returns to draft, is edited and resubmitted', async () => {
    const c = await performingContract();
    const s = (await add(c.id, '1000.00')).body.result;
    await fx.okCall('buyer01', 'POST', A.submit, { id: s.id });
    expect((await fx.call('buyer01', 'PUT', A.edit, { ...s, amount: '900.00' })).body.message).toBe(
      '只有草稿状态的结算单可以编辑',
    );
    await approveAll(s.id, 'reject');
    const back = await fx.okCall('buyer01', 'GET', `${A.queryById}?id=${s.id}`);
    expect(back).toMatchObject({ state: 'draft', approvalStatus: '5' });
    const edited = await fx.okCall('buyer01', 'PUT', A.edit, {
      id: s.id,
      contractId: c.id,
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      amount: '900.00',
    });
    expect(edited).toMatchObject({ amount: '900.00', retention: '45.00', netPayable: '855.00' });
    await fx.okCall('buyer01', 'POST', A.submit, { id: s.id });
    await approveAll(s.id);
    expect(await contractRow(c.id)).toMatchObject({ settled_amount: '900.00', retention_held: '45.00' });
  });

  it('retention is held, refused before the warranty ends, then released and payable', async () => {
    const c = await performingContract({ amount: '50000.00', rate: '5' });
    const s = await approvedSettlement(c.id, '20000.00');
    await pay(s.id, s.netPayable);
    const early = await fx.call('buyer01', 'POST', A.releaseRetention, { contractId: c.id });
    expect(early.body.message).toBe('合同质保期尚未结束（未设定），不能释放质保金');
    await fx.t.db.execute(sql`UPDATE contract SET state = 'warranty', warranty_end = '2026-01-31' WHERE id = ${c.id}`);
    await fx.okCall('buyer01', 'POST', A.releaseRetention, { contractId: c.id });
    expect(await contractRow(c.id)).toMatchObject({ retention_held: '1000.00', retention_released: '1000.00' });
    const [row] = (await fx.okCall('buyer01', 'GET', `${L.list}?contractNo=${c.no}`)).records;
    expect(row).toMatchObject({ retentionBalance: '0.00', unpaid: '1000.00' });
    const again = await fx.call('buyer01', 'POST', A.releaseRetention, { contractId: c.id });
    expect(again.body.message).toBe('该合同没有待释放的质保金');
    // The release made a 质保金 row, already approved, paid through the normal pay path, never counted as settled.
    const list = await fx.okCall('buyer01', 'GET', `${A.list}?contractNo=${c.no}&pageSize=10`);
    const zb = list.records.find((r: Json) => r.kind === 'retention');
    expect(zb).toMatchObject({ state: 'approved', amount: '1000.00', retention: '0.00', netPayable: '1000.00' });
    expect((await pay(zb.id, '1000.01')).status).toBe(400);
    expect((await pay(zb.id, '400.00', '2026-06-01')).body.result.state).toBe('partially_paid');
    expect((await pay(zb.id, '600.00', '2026-06-02')).body.result).toMatchObject({
      state: 'paid',
      paidAmount: '1000.00',
    });
    expect(await contractRow(c.id)).toEqual({
      settled_amount: '20000.00',
      payable_amount: '19000.00',
      paid_amount: '20000.00',
      retention_held: '1000.00',
      retention_released: '1000.00',
    });
    const [paid] = (await fx.okCall('buyer01', 'GET', `${L.list}?contractNo=${c.no}`)).records;
    expect(paid).toMatchObject({ settledAmount: '20000.00', paidAmount: '20000.00', unpaid: '0.00' });
  });

  it('ledger_month equals the sums of the payments and approved settlements after several writes', async () => {
    const a = await performingContract({ amount: '90000.00', org: 'A01' });
    const b = await performingContract({ amount: '80000.00', org: 'A01A01', sup: SUP2 });
    const sa = await approvedSettlement(a.id, '12345.67');
    const sb = await approvedSettlement(b.id, '30000.01');
    await approvedSettlement(a.id, '0.33');
    for (const [s, amount, on] of [
      [sa, '100.10', '2026-01-31'],
      [sa, '200.20', '2026-02-01'],
      [sb, '0.01', '2026-02-28'],
      [sb, '9999.99', '2026-03-15'],
      [sa, '0.02', '2026-03-31'],
    ] as const) {
      expect((await pay(s.id, amount, on)).status).toBe(200);
    }
    const diff = await fx.t.db.execute(sql`
      WITH raw AS (
        SELECT c.tenant_id, c.sys_org_code, c.supplier_id, pp.purchase_category AS category, x.month,
          sum(x.paid) AS paid, sum(x.settled) AS settled
        FROM (SELECT contract_id, to_char(paid_on, 'YYYY-MM') AS month, amount AS paid, 0 AS settled
              FROM settlement_payment
              UNION ALL
              SELECT contract_id, to_char(approved_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM'), 0, amount
              FROM settlement WHERE approved_at IS NOT NULL AND kind = 'progress') x
        JOIN contract c ON c.id = x.contract_id JOIN purchase_package pp ON pp.id = c.package_id
        GROUP BY 1, 2, 3, 4, 5)
      SELECT * FROM raw FULL JOIN ledger_month m USING (tenant_id, sys_org_code, supplier_id, category, month)
      WHERE raw.paid IS DISTINCT FROM m.paid_amount OR raw.settled IS DISTINCT FROM m.settled_amount`);
    expect(diff.rows).toEqual([]);
    const q = `${L.summary}?supplierId=${SUP2}&periodBegin=2026-02-01&periodEnd=2026-03-31`;
    const months = (await fx.okCall('buyer01', 'GET', q)).byMonth;
    const raw = await fx.t.db.execute<{ month: string; paid: string }>(sql`
      SELECT to_char(p.paid_on, 'YYYY-MM') AS month, sum(p.amount)::text AS paid FROM settlement_payment p
      JOIN contract c ON c.id = p.contract_id WHERE c.supplier_id = ${SUP2} AND c.tenant_id = 1
        AND p.paid_on BETWEEN '2026-02-01' AND '2026-03-31' GROUP BY 1 ORDER BY 1`);
    expect(months.map((m: Json) => [m.month, m.paidAmount])).toEqual(
      expect.arrayContaining(raw.rows.map((r) => [r.month, r.paid])),
    );
    expect(months.find((m: Json) => m.month === '2026-02')?.paidAmount).toBe(raw.rows[0]?.paid);
  });

  it('ledger_total equals the contracts summed from scratch after changes, a void and payments', async () => {
    const a = await performingContract({ amount: '90000.00', org: 'A01' });
    const b = await performingContract({ amount: '80000.00', org: 'A01A01', sup: SUP2 });
    const v = await performingContract({ amount: '5000.00', org: 'A01A01', state: 'to_sign' });
    const sa = await approvedSettlement(a.id, '12345.67');
    expect((await pay(sa.id, '100.10')).status).toBe(200);
    const sb = await approvedSettlement(b.id, '30000.01');
    expect((await pay(sb.id, '0.01')).status).toBe(200);
    const change = { id: b.id, kind: 'amount', newAmount: '95000.50', reason: '增加数量' };
    await approveAll((await fx.okCall('buyer01', 'POST', C.change, change)).id);
    expect((await fx.okCall('buyer01', 'POST', C.void, { id: v.id, reason: '重复起草' })).state).toBe('voided');
    expect((await fx.okCall('buyer01', 'GET', `${L.list}?contractNo=${b.no}`)).records[0].total).toBe('95000.50');
    const diff = await fx.t.db.execute(sql`
      WITH raw AS (
        SELECT c.tenant_id, c.sys_org_code, c.supplier_id, pp.purchase_category AS category, c.state,
          count(*)::int AS contracts, sum(c.amount) AS amount, sum(c.changed_amount) AS changed_amount,
          sum(c.settled_amount) AS settled_amount, sum(c.payable_amount) AS payable_amount,
          sum(c.paid_amount) AS paid_amount, sum(c.retention_held) AS retention_held,
          sum(c.retention_released) AS retention_released
        FROM contract c JOIN purchase_package pp ON pp.id = c.package_id GROUP BY 1, 2, 3, 4, 5)
      SELECT * FROM raw FULL JOIN (SELECT * FROM ledger_total WHERE contracts <> 0) m
        USING (tenant_id, sys_org_code, supplier_id, category, state)
      WHERE (raw.contracts, raw.amount, raw.changed_amount, raw.settled_amount, raw.payable_amount, raw.paid_amount,
          raw.retention_held, raw.retention_released)
        IS DISTINCT FROM (m.contracts, m.amount, m.changed_amount, m.settled_amount, m.payable_amount, m.paid_amount,
          m.retention_held, m.retention_released)`);
    expect(diff.rows).toEqual([]);
    // The summary (read from ledger_total) against the contract rows, tenant-wide and under department scope.
    const branchToken = await fx.t.login('branch01');
    for (const [who, orgs] of [
      ['admin', '%'],
      [branchToken, 'A01A0%'],
    ] as const) {
      const sum = await fx.okCall(who, 'GET', L.summary);
      const raw = await fx.t.db.execute<Record<string, string | number>>(sql`
        SELECT count(*)::int AS contracts, sum(amount + changed_amount)::text AS total, sum(settled_amount)::text AS settled,
          sum(paid_amount)::text AS paid, count(DISTINCT sys_org_code)::int AS departs
        FROM contract WHERE tenant_id = 1 AND state <> 'voided' AND sys_org_code LIKE ${orgs}`);
      const r = raw.rows[0] ?? {};
      expect([sum.contracts, sum.total, sum.settledAmount, sum.paidAmount]).toEqual([
        r.contracts,
        r.total,
        r.settled,
        r.paid,
      ]);
      expect(sum.byDepartment.reduce((n: number, g: Json) => n + g.contracts, 0)).toBe(r.contracts);
    }
    const listed = await fx.okCall(branchToken, 'GET', `${L.list}?pageSize=1`);
    const counted = await fx.t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM contract WHERE tenant_id = 1 AND state <> 'voided' AND sys_org_code LIKE 'A01A0%'`);
    expect(listed.total).toBe(counted.rows[0]?.n);
  });
});

describe('scope', () => {
  it('a supplier sees only its own settlements (IDOR)', async () => {
    const mine = await performingContract({ sup: SUP1 });
    const theirs = await performingContract({ sup: SUP2 });
    const s1 = (await add(mine.id, '100.00')).body.result;
    const s2 = (await add(theirs.id, '100.00')).body.result;
    const list = await fx.okCall('supplier01', 'GET', `${A.supplierList}?pageSize=100&contractNo=HT-S-`);
    const ids = list.records.map((r: Json) => r.id);
    expect(ids).toContain(s1.id);
    expect(ids).not.toContain(s2.id);
    expect((await fx.call('supplier01', 'GET', `${A.supplierQueryById}?id=${s2.id}`)).status).toBe(404);
    expect((await fx.call('supplier01', 'GET', `${A.queryById}?id=${s1.id}`)).status).toBe(403);
    expect((await fx.call('supplier02', 'GET', `${A.supplierQueryById}?id=${s1.id}`)).status).toBe(404);
    expect((await fx.okCall('supplier02', 'GET', `${A.supplierQueryById}?id=${s2.id}`)).id).toBe(s2.id);
    expect((await fx.call('supplier01', 'POST', A.pay, { settlementId: s1.id })).status).toBe(403);
  });

  it('the ledger keeps to the tenant and the department', async () => {
    const top = await performingContract({ org: 'A01' });
    const branch = await performingContract({ org: 'A01A01' });
    const other = await performingContract({ tenantId: 2, org: 'B01' });
    const branchToken = await fx.t.login('branch01');
    const seen = async (who: string, no: string) =>
      (await fx.okCall(who, 'GET', `${L.list}?contractNo=${no}`)).records.length;
    expect(await seen('buyer01', top.no)).toBe(1);
    expect(await seen('buyer01', branch.no)).toBe(1);
    expect(await seen('buyer01', other.no)).toBe(0);
    expect(await seen(branchToken, branch.no)).toBe(1);
    expect(await seen(branchToken, top.no)).toBe(0);
    expect((await add(other.id, '10.00')).status).toBe(404);
    const branchAdd = await fx.call(branchToken, 'POST', A.add, {
      contractId: top.id,
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      amount: '10.00',
    });
    expect(branchAdd.status).toBe(404);
    expect((await fx.call('supervisor01', 'POST', A.add, {})).status).toBe(403);
  });
});
