import { CONTRACT_MESSAGES as M } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { DataScope } from '../../platform/permission/data-scope.ts';
import { packageScopeSql } from '../bid/package-ref.ts';

/** The award a contract is drafted from (CONTRACT_API.draftFromAward): the package's winner and its terms. */
export interface AwardForContract {
  packageId: string;
  packageName: string;
  purchaseName: string;
  projectId: string;
  sysOrgCode: string;
  supplierId: string;
  supplierName: string;
  /** The winner's evaluated price (decimal string): the contract amount. */
  amount: string;
  payTerms: string | null;
  /** Months (0 when the package has none). */
  warrantyPeriod: number;
  awardLetterId: string | null;
  awardTime: string | null;
}

/** The default 质保金比例 of a drafted contract (percent; the buyer may edit it while 草稿). */
export const DEFAULT_RETENTION_RATE = '5.00';

type Row = {
  id: string;
  package_name: string;
  purchase_name: string;
  project_id: string;
  sys_org_code: string;
  purchase_stage: number;
  election_status: string;
  winner: string | null;
  supplier_name: string | null;
  price: string | null;
  pay_type_memo: string | null;
  warranty_period: number | null;
  letter_id: string | null;
  award_time: Date | string | null;
};

/**
 * THE award → contract seam: reads what the award flow leaves on an awarded package (stage 12, election status
 * '1', rankedCandidates[0] = the winner as bid/award.ts `onAward` takes it, the winner's purchase_bid
 * evaluated_price as opened, its 中标通知书 row) within the buyer's data scope. Refuses a package that is not
 * awarded or has no priced winner.
 */
export async function awardForContract(
  db: DbOrTx,
  tenantId: number,
  scope: DataScope,
  packageId: string,
): Promise<AwardForContract> {
  const r = await db.execute<Row>(sql`
    SELECT p.id, p.package_name, p.purchase_name, p.project_id, p.sys_org_code, p.purchase_stage, p.election_status,
      p.ranked_candidates->>0 AS winner, s.name AS supplier_name, b.evaluated_price::text AS price, p.pay_type_memo,
      p.warranty_period, l.id AS letter_id, p.award_time
    FROM purchase_package p
    LEFT JOIN supplier s ON s.id = (p.ranked_candidates->>0)::uuid AND s.tenant_id = p.tenant_id
    LEFT JOIN purchase_bid b ON b.package_id = p.id AND b.supplier_id = s.id AND b.status = '1'
    LEFT JOIN purchase_award_letter l ON l.package_id = p.id AND l.supplier_id = s.id AND l.kind = 'win'
    WHERE p.id = ${packageId} AND p.tenant_id = ${tenantId}${packageScopeSql(scope)}`);
  const row = r.rows[0];
  if (!row) throw notFound('标包不存在或已删除');
  if (Number(row.purchase_stage) !== 12 || row.election_status !== '1' || !row.winner || !row.supplier_name) {
    throw badRequest(M.packageNotAwarded);
  }
  if (row.price === null) throw badRequest(M.packageNotAwarded);
  return {
    packageId: row.id,
    packageName: row.package_name,
    purchaseName: row.purchase_name,
    projectId: row.project_id,
    sysOrgCode: row.sys_org_code,
    supplierId: row.winner,
    supplierName: row.supplier_name,
    amount: row.price,
    payTerms: row.pay_type_memo,
    warrantyPeriod: row.warranty_period ?? 0,
    awardLetterId: row.letter_id,
    awardTime: row.award_time === null ? null : new Date(row.award_time).toISOString(),
  };
}
