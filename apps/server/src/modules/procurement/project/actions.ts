import {
  type PackageDto,
  PROCUREMENT_MESSAGES,
  PROCUREMENT_WORKFLOW_TYPES,
  PURCHASE_METHODS,
  type PurchaseMethod,
  type StageAction,
} from '@aps/shared';
import { and, count, eq } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { PlanActor } from '../plan/service.ts';
import type { WorkflowPort } from '../workflow-port.ts';
import { toPackageDto } from './dto.ts';
import { cloneAsNewRound } from './rounds.ts';
import type { PackageRow, PackageStages, StageActorRef } from './stage.ts';
import { purchasePackage, purchaseReviewItem } from './tables.ts';

export interface PackageActions {
  /** A buyer's stage action (publish, openResponses, closeResponses, open, submitEndAudit). */
  act(actor: PlanActor, id: string, action: StageAction, reason: string | null): Promise<PackageDto>;
  rebid(actor: PlanActor, id: string, reason: string | null): Promise<PackageDto>;
  changeMethod(actor: PlanActor, id: string, method: PurchaseMethod, reason: string): Promise<PackageDto>;
  terminate(actor: PlanActor, id: string, reason: string | null): Promise<PackageDto>;
  reviewStart(actor: PlanActor, packageId: string): Promise<PackageDto>;
  reviewComplete(
    actor: PlanActor,
    packageId: string,
    result: { validBidderIds: string[]; rankedCandidates: string[]; electionStatus: '0' | '1' },
  ): Promise<PackageDto>;
}

/** The buyer's stage actions on a package, the 流标 follow-ups and the review seam, all through the stage service. */
export function createPackageActions({
  db,
  stages,
  workflow,
  getPackage,
}: {
  db: Db;
  stages: PackageStages;
  workflow: WorkflowPort | null;
  /** The package in the actor's tenant and data scope, or 404. */
  getPackage: (tx: DbOrTx, actor: PlanActor, id: string) => Promise<PackageRow>;
}): PackageActions {
  const buyer = (actor: PlanActor): StageActorRef => ({ username: actor.username, role: 'buyer' });

  const actions: PackageActions = {
    async act(actor, id, action, reason) {
      await getPackage(db, actor, id);
      const base = { tenantId: actor.tenantId, packageId: id, actor: buyer(actor), reason };
      switch (action) {
        case 'publish':
          return toPackageDto(
            await stages.move(db, {
              ...base,
              action,
              check: async (pkg, tx) => {
                if (!pkg.signUpStartTime || !pkg.openingStartTime)
                  throw badRequest(PROCUREMENT_MESSAGES.timetableRequired);
                const [items] = await tx
                  .select({ n: count() })
                  .from(purchaseReviewItem)
                  .where(eq(purchaseReviewItem.packageId, pkg.id));
                if (!items?.n) throw badRequest(PROCUREMENT_MESSAGES.reviewItemsRequired);
              },
            }),
          );
        case 'openResponses':
        case 'closeResponses':
          return toPackageDto(await stages.move(db, { ...base, action }));
        case 'open':
          return toPackageDto(await stages.open(db, actor.tenantId, id, buyer(actor)));
        case 'submitEndAudit':
          return toPackageDto(
            await stages.move(db, {
              ...base,
              action,
              after: async (pkg, tx) => {
                if (!workflow) throw badRequest('审批流程未启用');
                const started = await workflow.start(tx as unknown as Db, {
                  tenantId: actor.tenantId,
                  initiator: { id: actor.userId, username: actor.username },
                  businessType: PROCUREMENT_WORKFLOW_TYPES.endAudit,
                  businessKey: pkg.id,
                  title: `结束审核「${pkg.purchaseName} ${pkg.packageName}」`,
                  variables: {
                    amount: Number(pkg.fixedPrice),
                    category: pkg.purchaseCategory,
                    method: pkg.purchaseMethod,
                    electionStatus: pkg.electionStatus,
                  },
                });
                await tx
                  .update(purchasePackage)
                  .set({ instanceId: started.instanceId })
                  .where(and(eq(purchasePackage.id, pkg.id), eq(purchasePackage.purchaseStage, 10)));
                await tx
                  .update(purchasePackage)
                  .set({ approvalStatus: String(started.approvalStatus) })
                  .where(and(eq(purchasePackage.id, pkg.id), eq(purchasePackage.approvalStatus, '1')));
              },
            }),
          );
        case 'rebid':
          return actions.rebid(actor, id, reason);
        case 'terminate':
          return actions.terminate(actor, id, reason);
        default:
          throw badRequest(PROCUREMENT_MESSAGES.notSystemAction);
      }
    },

    async rebid(actor, id, reason) {
      await getPackage(db, actor, id);
      let clone: PackageRow | undefined;
      await stages.move(db, {
        tenantId: actor.tenantId,
        packageId: id,
        action: 'rebid',
        actor: buyer(actor),
        reason: reason ?? '流标后重新采购',
        patch: { status: 'rebid' },
        after: async (pkg, tx) => {
          clone = await cloneAsNewRound(tx, pkg, actor.username, pkg.purchaseMethod, reason ?? '重新采购');
        },
      });
      if (!clone) throw badRequest(PROCUREMENT_MESSAGES.packageNotFound);
      return toPackageDto(clone);
    },

    async changeMethod(actor, id, method, reason) {
      await getPackage(db, actor, id);
      const moved = await stages.move(db, {
        tenantId: actor.tenantId,
        packageId: id,
        action: 'changeMethod',
        actor: buyer(actor),
        reason,
        patch: { status: 'method_changing', pendingMethod: method },
        after: async (pkg, tx) => {
          if (!workflow) throw badRequest('审批流程未启用');
          const started = await workflow.start(tx as unknown as Db, {
            tenantId: actor.tenantId,
            initiator: { id: actor.userId, username: actor.username },
            businessType: PROCUREMENT_WORKFLOW_TYPES.methodChange,
            businessKey: pkg.id,
            title: `变更方式「${pkg.packageName}」${PURCHASE_METHODS[pkg.purchaseMethod as PurchaseMethod]} → ${PURCHASE_METHODS[method]}`,
            variables: {
              amount: Number(pkg.fixedPrice),
              category: pkg.purchaseCategory,
              method,
              fromMethod: pkg.purchaseMethod,
            },
          });
          await tx
            .update(purchasePackage)
            .set({ instanceId: started.instanceId })
            .where(and(eq(purchasePackage.id, pkg.id), eq(purchasePackage.status, 'method_changing')));
        },
      });
      const [now] = await db.select().from(purchasePackage).where(eq(purchasePackage.id, moved.id));
      return toPackageDto(now ?? moved);
    },

    async terminate(actor, id, reason) {
      await getPackage(db, actor, id);
      return toPackageDto(
        await stages.move(db, {
          tenantId: actor.tenantId,
          packageId: id,
          action: 'terminate',
          actor: buyer(actor),
          reason: reason ?? '流标后终止采购',
          patch: { status: 'terminated' },
          after: async (pkg, tx) => {
            await stages.hooks.onTerminated?.(tx, pkg, reason);
          },
        }),
      );
    },

    async reviewStart(actor, packageId) {
      await getPackage(db, actor, packageId);
      return toPackageDto(
        await stages.startReview(db, actor.tenantId, packageId, { username: actor.username, role: 'review' }),
      );
    },

    async reviewComplete(actor, packageId, result) {
      await getPackage(db, actor, packageId);
      return toPackageDto(
        await stages.completeReview(db, actor.tenantId, packageId, result, {
          username: actor.username,
          role: 'review',
        }),
      );
    },
  };
  return actions;
}
