import { sql } from 'drizzle-orm';
import type { JobHandler } from '../../platform/quartz/handlers/types.ts';
import { refreshTenant } from './refresh.ts';

/**
 * 监控中心's scheduled refresh: every tenant's signals recomputed at the fire time, so findings that become true by
 * time alone (an award turning 30 days old, a stage past its norm) are there even when nobody has read the monitor.
 */
export function supervisionJobs(): JobHandler[] {
  return [
    {
      name: 'supervisionMonitorRefresh',
      title: '监控中心风险信号刷新',
      parameterHint: '无',
      async run({ db, fireTime }) {
        const tenants = await db.execute<{ id: number }>(sql`SELECT id FROM sys_tenant ORDER BY id`);
        let signals = 0;
        for (const t of tenants.rows) signals += (await refreshTenant(db, Number(t.id), fireTime)).signals;
        return `刷新 ${tenants.rows.length} 个租户，风险信号 ${signals} 条`;
      },
    },
  ];
}
