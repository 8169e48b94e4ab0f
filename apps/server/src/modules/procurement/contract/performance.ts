import {
  formatDateTime,
  CONTRACT_MESSAGES as M,
  money,
  type PerformanceAddInput,
  type PerformanceDto,
} from '@aps/shared';
import { and, eq, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import type { Db } from '../../../db/client.ts';
import { supplier } from '../supplier/tables.ts';
import type { ContractActor, ContractRow } from './service.ts';
import { supplierPerformance } from './tables.ts';

/** States a contract can be evaluated in (履约评价 after the performance). */
const EVALUABLE = ['performed', 'warranty', 'closed'];
/** Below this mean score the supplier's standing carries a warning (shown at sign-up). */
export const PERFORMANCE_WARNING_BELOW = 60;
/** The standing text written for a low score; replaced or cleared only when it is this kind of text. */
const WARNING_PREFIX = '履约评价预警';

/** total = the mean of the three scores, two decimals HALF UP (exact: cents of the sum / 3). */
export function performanceTotal(quality: string, schedule: string, service: string): string {
  const cents = (v: string) => {
    const [i = '0', f = ''] = v.split('.');
    return BigInt(`${i}${f.padEnd(2, '0').slice(0, 2)}`);
  };
  const sum = cents(quality) + cents(schedule) + cents(service);
  const c = (sum * 2n + 3n) / 6n; // round half up of sum / 3
  return money(`${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`);
}

/**
 * 履约评价: one per contract (unique index), by staff with contract:evaluate, in the contract's data scope. The
 * supplier's score becomes the mean of its evaluations' totals, and a mean below 60 writes a warning standing.
 */
export async function evaluateContract(
  db: Db,
  actor: ContractActor,
  row: ContractRow,
  body: PerformanceAddInput,
): Promise<PerformanceDto> {
  if (!EVALUABLE.includes(row.state)) throw badRequest(M.notEvaluable);
  const totalScore = performanceTotal(body.qualityScore, body.scheduleScore, body.serviceScore);
  const [e] = await db
    .insert(supplierPerformance)
    .values({
      tenantId: row.tenantId,
      contractId: row.id,
      supplierId: row.supplierId,
      qualityScore: body.qualityScore,
      scheduleScore: body.scheduleScore,
      serviceScore: body.serviceScore,
      totalScore,
      comments: body.comments ?? null,
      evaluator: actor.username,
    })
    .onConflictDoNothing()
    .returning();
  if (!e) throw badRequest(M.evaluated);
  const avg = await db.execute<{ score: string }>(sql`
    SELECT round(avg(total_score), 2)::text AS score FROM supplier_performance
    WHERE tenant_id = ${row.tenantId} AND supplier_id = ${row.supplierId}`);
  const score = avg.rows[0]?.score ?? totalScore;
  const low = Number(score) < PERFORMANCE_WARNING_BELOW;
  await db
    .update(supplier)
    .set({
      score,
      standing: low
        ? `${WARNING_PREFIX}：履约评价平均分${score}，低于${PERFORMANCE_WARNING_BELOW}分`
        : sql`CASE WHEN ${supplier.standing} LIKE ${`${WARNING_PREFIX}%`} THEN NULL ELSE ${supplier.standing} END`,
    })
    .where(and(eq(supplier.id, row.supplierId), eq(supplier.tenantId, row.tenantId)));
  return toPerformanceDto(e, row.contractNo);
}

export const toPerformanceDto = (e: typeof supplierPerformance.$inferSelect, contractNo: string): PerformanceDto => ({
  id: e.id,
  contractId: e.contractId,
  contractNo,
  supplierId: e.supplierId,
  qualityScore: e.qualityScore,
  scheduleScore: e.scheduleScore,
  serviceScore: e.serviceScore,
  totalScore: e.totalScore,
  comments: e.comments,
  evaluator: e.evaluator,
  createTime: formatDateTime(e.createTime) ?? '',
});

/**
 * §7 selectCategoryByCode (itemValue = a category code): the labour categories (under the root of that code) in
 * which suppliers have a performance history — the categories of evaluated suppliers whose code starts with the
 * root — as the comma-joined code string the category picker filters its roots by.
 */
export async function laborCategoriesByCode(db: Db, tenantId: number, itemValue: string): Promise<string> {
  const root = itemValue.slice(0, 3);
  const r = await db.execute<{ code: string }>(sql`
    SELECT DISTINCT c.code FROM supplier_performance p
    JOIN supplier s ON s.id = p.supplier_id
    CROSS JOIN LATERAL unnest(s.categories) AS c(code)
    WHERE p.tenant_id = ${tenantId} AND c.code LIKE ${`${root.replace(/[\\%_]/g, '\\$&')}%`}
      AND c.code LIKE ${`${itemValue.replace(/[\\%_]/g, '\\$&')}%`}
    ORDER BY c.code`);
  return r.rows.map((x) => x.code).join(',');
}
