/**
 * The result side of the review (issue 15 §9) as one service: the summary reads (summary.ts), the campaign checks
 * and the confirmation (campaign.ts), each write in one transaction that starts with the caller's seat.
 */
import type { CampaignCheckDto, CampaignCheckKind, CampaignCheckRequest, ReviewResultDto } from '@aps/shared';
import type { Db } from '../../../db/client.ts';
import type { DataScope } from '../../platform/permission/data-scope.ts';
import { loadPackage } from '../bid/package-ref.ts';
import { confirmResult, recordCheck } from './campaign.ts';
import type { ReviewHooks } from './hooks.ts';
import type { ReviewActor } from './seat.ts';
import { monitorSummaryJson, reviewResults, scoreSummaryJson } from './summary.ts';

export interface ReviewResultService {
  /** The ScoreSummaryDto as JSON text (the route sends it as is). */
  summaryJson(actor: ReviewActor, packageId: string): Promise<string>;
  /** The same for 评审管理 (the buyer's data scope on the package: 404 outside it). */
  monitorSummaryJson(actor: ReviewActor & { scope: DataScope }, packageId: string): Promise<string>;
  results(actor: ReviewActor, packageId: string): Promise<ReviewResultDto>;
  confirm(actor: ReviewActor, packageId: string): Promise<{ committeeState: string; candidates: string[] }>;
  check(actor: ReviewActor, kind: CampaignCheckKind, body: CampaignCheckRequest): Promise<CampaignCheckDto>;
}

export function createReviewResultService({ db, hooks }: { db: Db; hooks: ReviewHooks }): ReviewResultService {
  return {
    summaryJson: (actor, packageId) => scoreSummaryJson(db, actor, packageId),
    monitorSummaryJson: async (actor, packageId) => {
      await loadPackage(db, actor.tenantId, packageId, { scope: actor.scope });
      return monitorSummaryJson(db, packageId);
    },
    results: (actor, packageId) => reviewResults(db, actor, packageId),
    confirm: (actor, packageId) => db.transaction((tx) => confirmResult(tx, actor, packageId)),
    check: (actor, kind, body) => db.transaction((tx) => recordCheck(tx, hooks, actor, kind, body)),
  };
}
