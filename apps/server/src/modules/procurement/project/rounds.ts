import {
  ELECTION_STATUS,
  PROCUREMENT_MESSAGES,
  PROCUREMENT_WORKFLOW_TYPES,
  PURCHASE_METHODS,
  type PurchaseMethod,
} from '@aps/shared';
import { and, eq } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { actorName, type WorkflowPort } from '../workflow-port.ts';
import { copyReviewItems, type PackageRow, type PackageStages, type StageActorRef } from './stage.ts';
import { purchasePackage, purchasePackageHistory } from './tables.ts';

/** A copy of a failed package as a new round (重新采购, or after an approved 变更方式), at stage 1. */
export async function cloneAsNewRound(tx: DbOrTx, pkg: PackageRow, username: string, method: string, reason: string) {
  const { id: _id, createTime: _c, updateTime: _u, ...rest } = pkg;
  const [clone] = await tx
    .insert(purchasePackage)
    .values({
      ...rest,
      packageNo: `${pkg.packageNo.replace(/-R\d+$/, '')}-R${pkg.roundNo + 1}`,
      purchaseMethod: method,
      purchaseStage: 1,
      electionStatus: ELECTION_STATUS.normal,
      status: 'active',
      roundNo: pkg.roundNo + 1,
      previousPackageId: pkg.id,
      currentRoundNo: 1,
      signUpStartTime: null,
      signUpEndTime: null,
      bidDeadline: null,
      openingStartTime: null,
      reviewStartTime: null,
      reviewStopTime: null,
      publicityEndTime: null,
      awardTime: null,
      validBidderIds: [],
      rankedCandidates: [],
      approvalStatus: '1',
      instanceId: null,
      pendingMethod: null,
      createBy: username,
    })
    .returning();
  if (!clone) throw badRequest(PROCUREMENT_MESSAGES.packageNotFound);
  await copyReviewItems(tx, pkg.id, clone.id);
  await tx.insert(purchasePackageHistory).values({
    tenantId: clone.tenantId,
    packageId: clone.id,
    action: 'rebid',
    fromStage: 9,
    toStage: 1,
    electionStatus: ELECTION_STATUS.normal,
    reason: `${reason}（由标包${pkg.packageNo}第${pkg.roundNo}轮转入）`,
    actor: username,
  });
  return clone;
}

/** The workflow completions of packages: 结束审核 and 变更方式 (called once, from the project service's factory). */
export function registerPackageWorkflowHandlers(stages: PackageStages, workflow: WorkflowPort | null) {
  // 结束审核: approved → 结果公示 (publicity ends after publicityDays); rejected → back to 评审结束.
  workflow?.registerHandler(PROCUREMENT_WORKFLOW_TYPES.endAudit, {
    async onStatus(tx, event) {
      const system: StageActorRef = { username: actorName(event.actor), role: 'workflow' };
      const base = { tenantId: event.tenantId, packageId: event.businessKey, actor: system };
      const txDb = tx as unknown as Db;
      if (event.outcome === 'approved') {
        const [pkg] = await tx.select().from(purchasePackage).where(eq(purchasePackage.id, event.businessKey));
        const end = new Date(Date.now() + (pkg?.publicityDays ?? 3) * 86_400_000);
        await stages.move(txDb, {
          ...base,
          action: 'endAuditApproved',
          reason: event.comment ?? null,
          patch: { approvalStatus: String(event.approvalStatus), publicityEndTime: end },
        });
      } else if (event.outcome === 'rejected' || event.outcome === 'withdrawn' || event.outcome === 'terminated') {
        await stages.move(txDb, {
          ...base,
          action: 'endAuditRejected',
          reason: event.comment ?? null,
          patch: { approvalStatus: String(event.approvalStatus) },
        });
      } else {
        await tx
          .update(purchasePackage)
          .set({ approvalStatus: String(event.approvalStatus) })
          .where(eq(purchasePackage.id, event.businessKey));
      }
    },
  });

  // 变更方式 after 流标: approved → a new round with the new method; otherwise the package is open again.
  workflow?.registerHandler(PROCUREMENT_WORKFLOW_TYPES.methodChange, {
    async onStatus(tx, event) {
      const [pkg] = await tx
        .select()
        .from(purchasePackage)
        .where(and(eq(purchasePackage.id, event.businessKey), eq(purchasePackage.tenantId, event.tenantId)))
        .for('update');
      if (pkg?.status !== 'method_changing') return;
      if (event.outcome === 'approved' && pkg.pendingMethod) {
        await tx
          .update(purchasePackage)
          .set({ status: 'rebid', approvalStatus: String(event.approvalStatus), updateTime: new Date() })
          .where(eq(purchasePackage.id, pkg.id));
        await cloneAsNewRound(
          tx,
          pkg,
          actorName(event.actor),
          pkg.pendingMethod,
          `变更方式为${PURCHASE_METHODS[pkg.pendingMethod as PurchaseMethod]}`,
        );
      } else if (event.outcome !== 'progress') {
        await tx
          .update(purchasePackage)
          .set({
            status: 'active',
            pendingMethod: null,
            approvalStatus: String(event.approvalStatus),
            updateTime: new Date(),
          })
          .where(eq(purchasePackage.id, pkg.id));
      }
    },
  });
}
