import { sql } from 'drizzle-orm';
import type { JobHandler } from './types.ts';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The nightly roll-up: purchase records created per tenant, day and stage into stat_purchase_daily. The
 * parameter is how many days back to recompute (default 2: yesterday and today), at most 366. The days are
 * replaced whole, in one transaction, so a rerun never double-counts.
 */
export const purchaseStatsRollup: JobHandler = {
  name: 'purchaseStatsRollup',
  title: '采购记录每日统计',
  parameterHint: '重算最近N天（默认2，最大366）',
  async run({ db, parameter }) {
    const n = parameter?.trim() ? Number(parameter.trim()) : 2;
    if (!Number.isInteger(n) || n < 1 || n > 366) throw new Error(`参数有误：${parameter}（应为1到366的整数）`);
    const tz = timeZone();
    const rows = await db.transaction(async (tx) => {
      const firstDay = sql`((now() AT TIME ZONE ${tz})::date - ${n - 1}::int)`;
      await tx.execute(sql`DELETE FROM stat_purchase_daily WHERE stat_date >= ${firstDay}`);
      // Per tenant, so each scan uses the (tenant_id, create_time) index.
      const inserted = await tx.execute(sql`
        INSERT INTO stat_purchase_daily (tenant_id, stat_date, purchase_stage, record_count)
        SELECT t.id, d.stat_date, d.purchase_stage, d.n
        FROM sys_tenant t
        CROSS JOIN LATERAL (
          SELECT (p.create_time AT TIME ZONE ${tz})::date AS stat_date, p.purchase_stage, count(*)::int AS n
          FROM purchase_record p
          WHERE p.tenant_id = t.id AND p.create_time >= (${firstDay}::timestamp AT TIME ZONE ${tz})
          GROUP BY 1, 2
        ) d`);
      return inserted.rowCount ?? 0;
    });
    return `统计最近${n}天采购记录，写入 ${rows} 行`;
  },
};
