import { isValidUscc, PERMISSIONS } from '@aps/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierSeedId } from '../src/seed/suppliers.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness.ts';
import { caller } from './sys-helpers.ts';

/**
 * Issue 16's foundation: the seeded suppliers (valid 统一社会信用代码, profiles, a 暂停 and a 黑名单 with its live
 * blacklist row, certificates), the grants per role, and the constraints that refuse a second live blacklist row,
 * a second live contract per package, an over-settled contract and an unknown state.
 */
let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t.close());

async function codesOf(username: string) {
  const token = await t.login(username, DEMO_PASSWORD);
  const res = await call(token, 'GET', '/sys/permission/getUserPermissionByToken');
  const result = res.json().result as { auth: { action: string }[]; menu: { path: string; children?: unknown[] }[] };
  const paths = (nodes: { path: string; children?: unknown[] }[]): string[] =>
    nodes.flatMap((n) => [n.path, ...paths((n.children ?? []) as { path: string; children?: unknown[] }[])]);
  return { codes: result.auth.map((a) => a.action), paths: paths(result.menu) };
}

async function refused(text: string, values: unknown[]): Promise<string> {
  try {
    await t.pool.query(text, values);
  } catch (err) {
    return (err as { code: string }).code;
  }
  throw new Error(`not refused: ${text}`);
}

describe('seeded suppliers', () => {
  it('have valid credit codes, profiles, one 暂停 and one 黑名单 with an active blacklist row', async () => {
    const { rows } = await t.pool.query<{ name: string; credit_code: string; status: string; categories: string[] }>(
      `SELECT name, credit_code, status, categories FROM supplier WHERE tenant_id = 1 AND id = ANY($1::uuid[])`,
      [['huadong', 'zhongtai', 'xinyuan', 'hengtong', 'jinma'].map(supplierSeedId)],
    );
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => !isValidUscc(r.credit_code))).toEqual([]);
    expect(rows.every((r) => r.categories.length > 0)).toBe(true);
    expect(rows.map((r) => r.status).sort()).toEqual(['2', '3', '3', '4', '5']);
    const black = await t.pool.query(`SELECT reason, state, end_date FROM supplier_blacklist WHERE supplier_id = $1`, [
      supplierSeedId('jinma'),
    ]);
    expect(black.rows).toEqual([expect.objectContaining({ reason: '提供虚假业绩材料', state: 'active' })]);
    const certs = await t.pool.query<{ state: string }>(
      `SELECT state FROM supplier_certificate WHERE tenant_id = 1 ORDER BY expires_on`,
    );
    expect(certs.rows.map((r) => r.state)).toEqual(['expired', 'expiring', 'valid', 'valid']);
  });
});

describe('grants', () => {
  it('give the buyer contracts, settlements, the ledger and a read-only directory; the supplier its portal', async () => {
    const buyer = await codesOf('buyer01');
    expect(buyer.codes).toEqual(
      expect.arrayContaining([
        PERMISSIONS.contract.add,
        PERMISSIONS.contract.sign,
        PERMISSIONS.settlement.pay,
        PERMISSIONS.ledger.list,
        PERMISSIONS.supplierDirectory.list,
      ]),
    );
    expect(buyer.codes).not.toContain(PERMISSIONS.supplierDirectory.add);
    expect(buyer.codes).not.toContain(PERMISSIONS.supplierBlacklist.add);
    expect(buyer.codes).not.toContain(PERMISSIONS.contractSupplier.sign);
    expect(buyer.paths).not.toContain('/contract/my');

    const supplier = await codesOf('supplier01');
    expect(supplier.codes).toEqual(
      expect.arrayContaining([
        PERMISSIONS.supplierPortal.profile,
        PERMISSIONS.supplierPortal.certificate,
        PERMISSIONS.contractSupplier.sign,
        PERMISSIONS.settlementSupplier.list,
      ]),
    );
    expect(supplier.codes).not.toContain(PERMISSIONS.contract.list);
    expect(supplier.paths).toEqual(
      expect.arrayContaining(['/contract/my', '/settlement/my', '/supplier/portal/profile']),
    );

    const supervisor = await codesOf('supervisor01');
    expect(supervisor.codes).toEqual(expect.arrayContaining([PERMISSIONS.contract.list, PERMISSIONS.ledger.list]));
    expect(supervisor.codes).not.toContain(PERMISSIONS.contract.add);
    expect(supervisor.codes).not.toContain(PERMISSIONS.settlement.pay);
  });
});

describe('constraints', () => {
  it('refuse a second live blacklist row and an unknown supplier status', async () => {
    expect(
      await refused(
        `INSERT INTO supplier_blacklist (tenant_id, supplier_id, reason, start_date, state) VALUES (1, $1, 'x', '2026-01-01', 'pending')`,
        [supplierSeedId('jinma')],
      ),
    ).toBe('23505');
    expect(await refused(`UPDATE supplier SET status = '9' WHERE id = $1`, [supplierSeedId('huadong')])).toBe('23514');
  });

  it('refuse a second live contract per package, over-settlement and an incoherent settlement', async () => {
    const { rows } = await t.pool.query<{ id: string; sys_org_code: string }>(
      'SELECT id, sys_org_code FROM purchase_package WHERE tenant_id = 1 ORDER BY id LIMIT 1',
    );
    const pkg = rows[0] as { id: string; sys_org_code: string };
    const insert = `INSERT INTO contract (tenant_id, sys_org_code, contract_no, name, package_id, supplier_id, amount,
      term_start, term_end, state) VALUES (1, $1, $2, 'c', $3, $4, '1000.00', '2026-01-01', '2026-12-31', $5) RETURNING id`;
    const no = `HT-${Date.now()}`;
    const first = await t.pool.query<{ id: string }>(insert, [
      pkg.sys_org_code,
      no,
      pkg.id,
      supplierSeedId('huadong'),
      'voided',
    ]);
    const live = await t.pool.query<{ id: string }>(insert, [
      pkg.sys_org_code,
      `${no}-2`,
      pkg.id,
      supplierSeedId('huadong'),
      'performing',
    ]);
    expect(first.rows[0]?.id).toBeTruthy();
    expect(await refused(insert, [pkg.sys_org_code, `${no}-3`, pkg.id, supplierSeedId('huadong'), 'draft'])).toBe(
      '23505',
    );
    const id = live.rows[0]?.id;
    expect(await refused(`UPDATE contract SET settled_amount = '1000.01' WHERE id = $1`, [id])).toBe('23514');
    expect(await refused(`UPDATE contract SET state = 'lost' WHERE id = $1`, [id])).toBe('23514');
    expect(
      await refused(
        `INSERT INTO settlement (tenant_id, contract_id, sys_org_code, settlement_no, period_start, period_end, amount,
          deductions, retention, net_payable) VALUES (1, $1, $2, $3, '2026-01-01', '2026-01-31', '100', '10', '5', '90')`,
        [id, pkg.sys_org_code, `JS-${Date.now()}`],
      ),
    ).toBe('23514');
    await t.pool.query('DELETE FROM contract WHERE id = ANY($1::uuid[])', [[first.rows[0]?.id, id]]);
  });
});
