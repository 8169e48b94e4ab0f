import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { JobHandler } from '../../platform/quartz/handlers/types.ts';
import type { PackageStages, StageActorRef } from './stage.ts';
import { purchasePackage } from './tables.ts';

const SYSTEM: StageActorRef = { username: 'system', role: 'system' };

/** The timed steps, in stage order so that an overdue package passes through all of them in one run. */
const DUE_STEPS = [
  { stage: 2, column: sql.raw('sign_up_end_time'), action: 'openResponses' },
  { stage: 3, column: sql.raw('bid_deadline'), action: 'closeResponses' },
  { stage: 4, column: sql.raw('opening_start_time'), action: 'open' },
] as const;

const batchSize = (parameter: string | null) => {
  const n = Number(parameter);
  return Number.isInteger(n) && n > 0 && n <= 1000 ? n : 50;
};
/** Parallel workers of one run (each holds one pooled connection while it works). */
const WORKERS = 3;

/**
 * Claims due packages a batch at a time with FOR UPDATE SKIP LOCKED (the scheduler already runs a fire time on one
 * instance only; SKIP LOCKED keeps an overlapping manual run or a buyer's click from waiting on or repeating one),
 * and moves each inside the batch's transaction through the stage service. A package that fails is logged in the
 * run's text and skipped; the others go on.
 */
async function runDue(
  db: Db,
  step: { stage: number; column: ReturnType<typeof sql.raw>; action: string },
  limit: number,
  now: Date,
  move: (tx: Db, tenantId: number, packageId: string) => Promise<unknown>,
  moveBatch?: (tx: Db, ids: string[]) => Promise<number>,
): Promise<{ done: number; failed: string[] }> {
  let done = 0;
  const failed: string[] = [];
  const skipped = new Set<string>();
  // A few workers side by side, each on its own connection: SKIP LOCKED hands each a different batch, and the
  // work is bound by round trips, not by one core.
  const worker = async () => {
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const due = await tx.execute<{ id: string; tenant_id: number }>(sql`
        SELECT id, tenant_id FROM purchase_package
        WHERE purchase_stage = ${sql.raw(String(step.stage))} AND status = 'active' AND ${step.column} IS NOT NULL
          AND ${step.column} <= ${now.toISOString()}::timestamptz
          ${
            skipped.size
              ? sql`AND id NOT IN (${sql.join(
                  [...skipped].map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : sql``
          }
        ORDER BY ${step.column}
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`);
        // The batch path first (one UPDATE and one INSERT for all); if it fails, row by row so one bad row is skipped.
        if (moveBatch && due.rows.length) {
          try {
            // Not `done += await …`: that reads `done` before the await and loses the other workers' counts.
            const moved = await tx.transaction((inner) =>
              moveBatch(
                inner as unknown as Db,
                due.rows.map((r) => r.id),
              ),
            );
            done += moved;
            return due.rows.length;
          } catch {
            // The savepoint is rolled back; the rows are retried one by one below.
          }
        }
        for (const row of due.rows) {
          try {
            await move(tx as unknown as Db, row.tenant_id, row.id);
            done++;
          } catch (err) {
            skipped.add(row.id);
            failed.push(`${row.id}: ${(err as Error).message}`);
          }
        }
        return due.rows.length;
      });
      if (batch < limit) break;
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return { done, failed };
}

export function procurementJobs(stages: PackageStages): JobHandler[] {
  return [
    {
      name: 'purchaseStageTimer',
      title: '采购阶段定时（报名截止、投标截止、开标）',
      parameterHint: '每批处理的标包数，默认100',
      async run({ db, parameter }) {
        const now = new Date();
        const limit = batchSize(parameter);
        const parts: string[] = [];
        for (const step of DUE_STEPS) {
          const result = await runDue(
            db,
            step,
            limit,
            now,
            (tx, tenantId, packageId) =>
              step.action === 'open'
                ? stages.open(tx, tenantId, packageId, SYSTEM, now)
                : stages.move(tx, { tenantId, packageId, action: step.action, actor: SYSTEM, reason: '定时任务' }),
            step.action === 'open'
              ? async (tx, ids) => {
                  const rows = await tx.select().from(purchasePackage).where(inArray(purchasePackage.id, ids));
                  return (await stages.openLocked(tx, rows, SYSTEM, now)).length;
                }
              : undefined,
          );
          parts.push(
            `${step.action} ${result.done}${result.failed.length ? `，失败 ${result.failed.length}：${result.failed.slice(0, 5).join('；')}` : ''}`,
          );
        }
        return parts.join('；');
      },
    },
    {
      name: 'purchasePublicityEnd',
      title: '结果公示期满定标',
      parameterHint: '每批处理的标包数，默认100',
      async run({ db, parameter }) {
        const now = new Date();
        const result = await runDue(
          db,
          { stage: 11, column: sql.raw('publicity_end_time'), action: 'endPublicity' },
          batchSize(parameter),
          now,
          (tx, tenantId, packageId) => stages.endPublicity(tx, tenantId, packageId, SYSTEM),
        );
        return `定标 ${result.done}${result.failed.length ? `，失败 ${result.failed.length}` : ''}`;
      },
    },
  ];
}
