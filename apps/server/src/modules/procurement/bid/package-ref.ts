import { type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { type DataScope, scopeValues } from '../../platform/permission/data-scope.ts';

/** The package fields notices and bids read (the package table belongs to the project module). */
export interface PackageRef {
  id: string;
  tenantId: number;
  sysOrgCode: string;
  purchaseName: string;
  purchaseCode: string;
  purchaseCategory: string;
  packageNo: string;
  packageName: string;
  purchaseStage: number;
  electionStatus: string;
  status: string;
  fixedPrice: string | null;
  lowerCoefficientType: number | null;
  minBidders: number;
  signUpStartTime: Date | null;
  signUpEndTime: Date | null;
  bidDeadline: Date | null;
  openingStartTime: Date | null;
  rankedCandidates: string[];
}

/** A where-clause for a data scope over `p.sys_org_code` (the same rule as scopeFilter). */
export function packageScopeSql(scope: DataScope | undefined): SQL {
  if (!scope || scope.kind === 'all') return sql``;
  const values = scopeValues(scope);
  if (values.length === 0) return sql` AND false`;
  if (scope.kind === 'own')
    return sql` AND p.sys_org_code IN (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  return sql` AND (${sql.join(
    values.map((v) => sql`p.sys_org_code LIKE ${v}`),
    sql` OR `,
  )})`;
}

export const PACKAGE_COLUMNS = sql`p.id, p.tenant_id, p.sys_org_code, p.purchase_name, p.purchase_code,
  p.purchase_category, p.package_no, p.package_name, p.purchase_stage, p.election_status, p.status,
  p.fixed_price::text AS fixed_price, p.lower_coefficient_type, p.min_bidders, p.sign_up_start_time,
  p.sign_up_end_time, p.bid_deadline, p.opening_start_time, p.ranked_candidates`;

type Row = {
  id: string;
  tenant_id: number;
  sys_org_code: string;
  purchase_name: string;
  purchase_code: string;
  purchase_category: string;
  package_no: string;
  package_name: string;
  purchase_stage: number;
  election_status: string | null;
  status: string;
  fixed_price: string | null;
  lower_coefficient_type: number | null;
  min_bidders: number | null;
  sign_up_start_time: Date | string | null;
  sign_up_end_time: Date | string | null;
  bid_deadline: Date | string | null;
  opening_start_time: Date | string | null;
  ranked_candidates: string[] | null;
};

const date = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

export function toPackageRef(r: Row): PackageRef {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    sysOrgCode: r.sys_org_code,
    purchaseName: r.purchase_name,
    purchaseCode: r.purchase_code,
    purchaseCategory: r.purchase_category,
    packageNo: r.package_no,
    packageName: r.package_name,
    purchaseStage: Number(r.purchase_stage),
    electionStatus: r.election_status ?? '1',
    status: r.status,
    fixedPrice: r.fixed_price,
    lowerCoefficientType: r.lower_coefficient_type === null ? null : Number(r.lower_coefficient_type),
    minBidders: r.min_bidders ?? 3,
    signUpStartTime: date(r.sign_up_start_time),
    signUpEndTime: date(r.sign_up_end_time),
    bidDeadline: date(r.bid_deadline),
    openingStartTime: date(r.opening_start_time),
    rankedCandidates: r.ranked_candidates ?? [],
  };
}

/**
 * One package of the tenant (within the data scope when given), optionally row-locked: FOR SHARE while a bid or
 * sign-up is written (the stage service's FOR UPDATE waits for it, and it waits for a stage change under way).
 */
export async function loadPackage(
  db: DbOrTx,
  tenantId: number,
  packageId: string,
  opts: { scope?: DataScope; lock?: 'share' | 'update' } = {},
): Promise<PackageRef> {
  const lock = opts.lock === 'share' ? sql` FOR SHARE OF p` : opts.lock === 'update' ? sql` FOR UPDATE OF p` : sql``;
  const result = await db.execute<Row>(sql`
    SELECT ${PACKAGE_COLUMNS} FROM purchase_package p
    WHERE p.id = ${packageId} AND p.tenant_id = ${tenantId}${packageScopeSql(opts.scope)}${lock}`);
  const row = result.rows[0];
  if (!row) throw notFound('标包不存在或已删除');
  return toPackageRef(row);
}

export const assertUuid = (id: string) => {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw badRequest('标包不存在或已删除');
};
