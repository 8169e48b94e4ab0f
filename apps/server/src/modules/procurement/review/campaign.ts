/**
 * The leader's last steps of 组长汇总 (issue 15 §9): 竞选核查 of the recommended candidates (the four addOrUpadte
 * paths, one upsert per bid and kind) and the confirmation of the result (resultConfirm, summarizing → signing).
 * A failed check disqualifies the candidate (valid false, invalid_reason campaign_check) and announces a change, so
 * the result is recomputed in the same transaction: the next ranked bidder is promoted, none left → 流标.
 */
import {
  CAMPAIGN_CHECK_KIND_CODES,
  type CampaignCheckDto,
  type CampaignCheckKind,
  type CampaignCheckRequest,
  REVIEW_MESSAGES as M,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { BidFile } from '../bid/tables.ts';
import type { ReviewHooks } from './hooks.ts';
import type { ResultSnapshot } from './result.ts';
import { moveCommittee, moveMembers, notOnThisReview, type ReviewActor, seatFor } from './seat.ts';
import { checksOf } from './summary.ts';

const CHECK_RULE = {
  action: '竞选核查',
  stages: [8],
  committeeStates: ['summarizing'],
  identities: ['leader'],
} as const;
const CONFIRM_RULE = { ...CHECK_RULE, action: '确认评审结果' } as const;

/** The caller's own uploads, by id or storage key (as the bid module resolves its files). */
async function ownFiles(tx: DbOrTx, actor: ReviewActor, refs: readonly string[]): Promise<BidFile[]> {
  const unique = [...new Set(refs.map((r) => r.trim().replace(/^\/+/, '')).filter(Boolean))];
  if (unique.length === 0) return [];
  const ids = unique.filter((r) => /^[0-9a-f-]{36}$/i.test(r));
  const rows = await tx.execute<{ id: string; storage_key: string; file_name: string; size: number }>(sql`
    SELECT id, storage_key, file_name, size FROM sys_file
    WHERE tenant_id = ${actor.tenantId} AND create_by = ${actor.userId}
      AND (storage_key IN (${sql.join(
        unique.map((u) => sql`${u}`),
        sql`, `,
      )}) ${
        ids.length
          ? sql`OR id IN (${sql.join(
              ids.map((u) => sql`${u}::uuid`),
              sql`, `,
            )})`
          : sql``
      })`);
  return unique.map((ref) => {
    const row = rows.rows.find((r) => r.id === ref || r.storage_key === ref);
    if (!row) throw badRequest('附件不存在或不是您上传的文件');
    return { fileId: row.id, filePath: row.storage_key, fileName: row.file_name, fileSize: Number(row.size) };
  });
}

/** Records one campaign check (upsert per bid and kind) and applies a failure to the ranking. */
export async function recordCheck(
  tx: DbOrTx,
  hooks: ReviewHooks,
  actor: ReviewActor,
  kind: CampaignCheckKind,
  body: CampaignCheckRequest,
): Promise<CampaignCheckDto> {
  const seat = await seatFor(tx, actor, body.packageId, CHECK_RULE);
  const bid = await tx.execute<{ id: string; supplier_id: string; candidate: boolean }>(sql`
    SELECT id, supplier_id, candidate FROM review_bid WHERE committee_id = ${seat.committeeId}
      AND bid_id = ${body.bidId} FOR UPDATE`);
  const rb = bid.rows[0];
  if (!rb) throw notOnThisReview();
  if (!rb.candidate) throw badRequest(M.notCandidateBid);
  const files = await ownFiles(tx, actor, body.fileIds ?? []);
  await tx.execute(sql`INSERT INTO review_campaign_check (tenant_id, committee_id, bid_id, supplier_id, kind, result,
      findings, files, checked_by, check_time)
    VALUES (${seat.tenantId}, ${seat.committeeId}, ${body.bidId}, ${rb.supplier_id}, ${kind}, ${body.result},
      ${body.findings}, ${JSON.stringify(files)}::jsonb, ${actor.userId}, now())
    ON CONFLICT (bid_id, kind) DO UPDATE SET result = EXCLUDED.result, findings = EXCLUDED.findings,
      files = EXCLUDED.files, checked_by = EXCLUDED.checked_by, check_time = now(), update_time = now()`);
  const all = await tx.execute<{ kind: string; result: string }>(sql`SELECT kind, result FROM review_campaign_check
    WHERE bid_id = ${body.bidId} AND committee_id = ${seat.committeeId}`);
  const failed = all.rows.some((r) => r.result === 'fail');
  const passed = CAMPAIGN_CHECK_KIND_CODES.every((k) => all.rows.some((r) => r.kind === k && r.result === 'pass'));
  if (failed) {
    await tx.execute(sql`UPDATE review_bid SET campaign_check = 'failed', valid = false,
        invalid_reason = 'campaign_check', invalid_note = ${body.findings}, candidate = false, update_time = now()
      WHERE id = ${rb.id}`);
  } else {
    await tx.execute(sql`UPDATE review_bid SET campaign_check = ${passed ? 'passed' : 'pending'}, update_time = now()
      WHERE id = ${rb.id}`);
  }
  await hooks.emit(tx, 'changed', {
    tenantId: seat.tenantId,
    packageId: seat.packageId,
    committeeId: seat.committeeId,
    actor,
    cause: `campaignCheck:${kind}`,
  });
  const [dto] = await checksOf(tx, seat.committeeId, body.bidId).then((rows) => rows.filter((r) => r.kind === kind));
  return dto as CampaignCheckDto;
}

/**
 * The leader confirms the result (summarizing → signing, every member to 签字). Refused while a clarification
 * awaits an answer or a decision or a round is open, while a returned score is not re-submitted, and without a
 * complete ranking with a candidate.
 */
export async function confirmResult(
  tx: DbOrTx,
  actor: ReviewActor,
  packageId: string,
): Promise<{ committeeState: string; candidates: string[] }> {
  const seat = await seatFor(tx, actor, packageId, CONFIRM_RULE);
  const pending = await tx.execute<{ clar: number; returned: number }>(sql`SELECT
      (SELECT count(*)::int FROM review_clarification WHERE committee_id = ${seat.committeeId}
        AND state IN ('open', 'answered')) AS clar,
      (SELECT count(*)::int FROM review_score WHERE committee_id = ${seat.committeeId}
        AND state = 'returned') AS returned`);
  if ((pending.rows[0]?.clar ?? 0) > 0) throw badRequest(M.clarificationsPending);
  if ((pending.rows[0]?.returned ?? 0) > 0) throw badRequest(M.rescorePending);
  const result = await tx.execute<{ snapshot: ResultSnapshot; candidates: string[] }>(sql`
    SELECT snapshot, candidates FROM review_result WHERE committee_id = ${seat.committeeId}`);
  const r = result.rows[0];
  if (!r?.snapshot.result || r.snapshot.errors?.length) throw badRequest(M.resultNotReady);
  if (r.candidates.length === 0) throw badRequest(M.noCandidate);
  const committeeState = await moveCommittee(tx, seat.committeeId, seat.committeeState, 'confirmResult');
  // A member whose sheets are in but who was not yet moved to 组长汇总 signs as well.
  await moveMembers(tx, seat.committeeId, 'allSubmitted');
  await moveMembers(tx, seat.committeeId, 'confirmResult');
  return { committeeState, candidates: r.candidates };
}
