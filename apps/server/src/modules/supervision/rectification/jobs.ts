/**
 * The daily overdue job (issue 17 §3): orders still 待整改 after their deadline (Beijing date) are marked overdue
 * once, the addressee and the inspector are told in the bell, and for a supplier addressee a proposal is made
 * through the supplier module's own seams, never by changing the supplier's state here:
 * - a 严重 finding → 建议列入黑名单: a pending blacklisting through the supplier module's blacklist service (the
 *   `supplier_blacklist` approval, initiated in the inspector's name: its approvers decide);
 * - otherwise → 建议暂停: a bell message to the users who may suspend suppliers (holders of
 *   supplier:directory:transition), linking 供应商名录, where 暂停 is their decision.
 * The proposal (and the blacklisting's id) is recorded on the order and in its history.
 */
import { PERMISSIONS, RECTIFICATION_PROPOSALS, type RectificationProposal } from '@aps/shared';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { escapeHtml } from '../../../core/html.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { JobHandler } from '../../platform/quartz/handlers/types.ts';
import { sendBellMessage } from '../../procurement/bid/letters.ts';
import { supervisionFinding } from '../inspection/tables.ts';
import { bellRectification } from './notify.ts';
import { beijingToday, logStep } from './service.ts';
import { supervisionRectification as rect } from './tables.ts';

type Row = typeof rect.$inferSelect;

/** The supplier module's blacklist proposal seam (services.supplierStanding.blacklist.add), returning its id. */
export type ProposeBlacklist = (
  actor: { tenantId: number; userId: string; username: string },
  input: { supplierId: string; reason: string; startDate: string },
) => Promise<string>;

async function supplierAdmins(tx: DbOrTx, tenantId: number): Promise<string[]> {
  const r = await tx.execute<{ id: string }>(sql`
    SELECT DISTINCT ur.user_id::text AS id FROM sys_user_role ur
      JOIN sys_role ro ON ro.id = ur.role_id AND ro.tenant_id = ${tenantId}
      JOIN sys_role_permission rp ON rp.role_id = ro.id
      JOIN sys_permission p ON p.id = rp.permission_id
    WHERE p.perms = ${PERMISSIONS.supplierDirectory.transition}`);
  return r.rows.map((u) => u.id);
}

async function propose(db: Db, r: Row, propose: ProposeBlacklist | null): Promise<void> {
  const [f] = await db.select().from(supervisionFinding).where(eq(supervisionFinding.id, r.findingId));
  let kind: RectificationProposal = f?.severity === 'critical' ? 'blacklist' : 'suspend';
  let ref: string | null = null;
  const reason = `整改逾期未完成（${r.rectNo}，期限${r.deadline}）`;
  if (kind === 'blacklist' && propose && r.supplierId) {
    const [inspector] = (
      await db.execute<{ username: string }>(sql`SELECT username FROM sys_user WHERE id = ${r.inspectorUserId}`)
    ).rows;
    try {
      ref = await propose(
        { tenantId: r.tenantId, userId: r.inspectorUserId, username: inspector?.username ?? 'system' },
        { supplierId: r.supplierId, reason, startDate: beijingToday() },
      );
    } catch {
      // Already blacklisted or pending, or not in a status that may be: a suspension proposal instead.
      kind = 'suspend';
    }
  }
  await db.transaction(async (tx) => {
    await tx.update(rect).set({ proposal: kind, proposalRef: ref }).where(eq(rect.id, r.id));
    await logStep(tx, r, 'propose', 'pending', 'pending', 'system', RECTIFICATION_PROPOSALS[kind]);
    if (kind === 'suspend') {
      const text = `${r.addresseeName}${reason}，建议暂停该供应商，请在供应商名录中处理。`;
      await sendBellMessage(tx, {
        tenantId: r.tenantId,
        userIds: await supplierAdmins(tx, r.tenantId),
        title: `供应商暂停建议：${r.addresseeName}`,
        html: `<p>${escapeHtml(text)}</p>`,
        abstract: text,
        busType: 'rectification_proposal',
        busId: r.id,
        openPage: '/supplier/list',
      });
    }
  });
}

/** Marks every overdue order once; returns how many. `now` is the job's fire time (tests pass a clock). */
export async function markOverdueRectifications(db: Db, now: Date, proposeBlacklist: ProposeBlacklist | null) {
  const due = await db
    .select()
    .from(rect)
    .where(and(eq(rect.state, 'pending'), isNull(rect.overdueAt), lt(rect.deadline, beijingToday(now))))
    .orderBy(rect.deadline)
    .limit(500);
  for (const r of due) {
    const marked = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(rect)
        .set({ overdueAt: now })
        .where(and(eq(rect.id, r.id), eq(rect.state, 'pending'), isNull(rect.overdueAt)))
        .returning();
      if (!row) return false;
      await logStep(tx, r, 'overdue', 'pending', 'pending', 'system', `已超过整改期限${r.deadline}`);
      await bellRectification(
        tx,
        r,
        { addressee: true, inspector: true },
        '整改逾期',
        `整改单${r.rectNo}（${r.addresseeName}）已超过整改期限${r.deadline}，尚未提交整改。`,
      );
      return true;
    });
    if (marked && r.addresseeType === 'supplier') await propose(db, r, proposeBlacklist);
  }
  return due.length;
}

export function rectificationJobs(proposeBlacklist: () => ProposeBlacklist | null): JobHandler[] {
  return [
    {
      name: 'rectificationOverdue',
      title: '整改逾期检查',
      parameterHint: '无',
      async run({ db, fireTime }) {
        return `逾期 ${await markOverdueRectifications(db, fireTime, proposeBlacklist())} 张整改单`;
      },
    },
  ];
}
