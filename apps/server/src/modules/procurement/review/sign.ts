/**
 * 签字 and 结束评审 (issue 15 §9): every active member signs the review report once (agree, or dissent with a
 * written reason); the goods/assets variant (purchaseExpertAssets) records the same signature on a 物资/资产
 * package, and its editData lets a member revise their opinion until the review ends. The leader ends the review
 * once every active member signed: committee → ended, review_result.end_time, package → 9 (reviewStopTime, valid
 * bidders, ranked candidates) in one transaction; then the report PDF is generated and stored in sys_file.
 * The end state and the report are readable by the committee, the buyer in data scope and supervisors, never by a
 * supplier.
 */
import {
  formatDateTime,
  INVALID_REASONS,
  type InvalidReason,
  REVIEW_MESSAGES as M,
  MEMBER_STATES,
  PERMISSIONS,
  type ReviewEndStateDto,
  type SignRequest,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import type { Caller } from '../../../core/caller.ts';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { FileService, OpenedFile } from '../../platform/file/service.ts';
import { escapeHtml, sendBellMessage } from '../bid/letters.ts';
import { loadPackage } from '../bid/package-ref.ts';
import type { PackageStages } from '../project/stage.ts';
import { renderReportPdf } from './report.ts';
import { loadReportData } from './report-data.ts';
import { activeMembers, loadSeat, moveCommittee, moveMember, type ReviewActor, seatFor } from './seat.ts';

/** The stage in which the committee signs (组长汇总 → 签字 keeps the package at 8). */
const SIGN_STAGES = [8];
/** 物资/资产 (PURCHASE_CATEGORIES '2'): the packages purchaseExpertAssets signs for. */
const ASSETS_CATEGORY = '2';
/** sys_file.biz of the stored reports. */
const REPORT_BIZ = 'review';
/** The buyer's page a bell message opens (评审管理). */
const MONITOR_PAGE = '/purchase/review';

export type SignVariant = 'report' | 'assets';

export interface SignResult {
  memberId: string;
  state: string;
  signTime: string;
  signed: number;
  members: number;
}

export interface ReviewSignService {
  /** editSign / purchaseExpertAssets/editSign: sign once. */
  sign(actor: ReviewActor, body: SignRequest, variant: SignVariant): Promise<SignResult>;
  /** purchaseExpertAssets/editData: sign, or revise one's signed opinion while the committee still signs. */
  saveAssetsOpinion(actor: ReviewActor, body: SignRequest): Promise<SignResult>;
  /** putReviewScoreEnd: the leader ends the review (stage 9), then the report is generated. */
  end(actor: ReviewActor, packageId: string): Promise<ReviewEndStateDto>;
  /** queryIsEndReviewById. */
  endState(caller: Caller, packageId: string): Promise<ReviewEndStateDto>;
  /** The stored report PDF (generated now if the end could not store it). */
  report(caller: Caller, packageId: string): Promise<OpenedFile>;
}

// biome-ignore lint/suspicious/noExplicitAny: raw rows, read field by field.
type Row = Record<string, any>;

export function createReviewSignService(deps: {
  db: Db;
  stages: PackageStages;
  files: FileService;
  log?: { error(obj: unknown, msg?: string): void };
  /** REVIEW_REPORT_FONT (config): the report's CJK font; unset: the system's. */
  reportFont?: string | undefined;
}): ReviewSignService {
  const { db, stages, files } = deps;

  async function counts(q: DbOrTx, committeeId: string): Promise<{ signed: number; members: number }> {
    const r = await q.execute<{ signed: number; members: number }>(sql`
      SELECT count(*) FILTER (WHERE sign_time IS NOT NULL)::int AS signed, count(*)::int AS members
      FROM review_member WHERE committee_id = ${committeeId} AND state NOT IN ('avoided', 'declined', 'replaced')`);
    return { signed: Number(r.rows[0]?.signed ?? 0), members: Number(r.rows[0]?.members ?? 0) };
  }

  async function category(q: DbOrTx, packageId: string): Promise<string> {
    const r = await q.execute<{ c: string }>(
      sql`SELECT purchase_category AS c FROM purchase_package WHERE id = ${packageId}`,
    );
    return String(r.rows[0]?.c ?? '');
  }

  /** The shared write: seat in signing, the variant's package kind, then sign (or revise when allowed). */
  async function write(actor: ReviewActor, body: SignRequest, variant: SignVariant, revise: boolean) {
    return db.transaction(async (tx) => {
      const seat = await seatFor(tx, actor, body.packageId, {
        action: '签字',
        stages: SIGN_STAGES,
        committeeStates: ['signing'],
      });
      if (variant === 'assets' && (await category(tx, body.packageId)) !== ASSETS_CATEGORY)
        throw badRequest(M.assetsOnly);
      const me = await tx.execute<{ sign_time: Date | null }>(
        sql`SELECT sign_time FROM review_member WHERE id = ${seat.memberId}`,
      );
      const signed = Boolean(me.rows[0]?.sign_time);
      const values = sql`sign_time = now(), sign_opinion = ${body.opinion},
        dissent_reason = ${body.opinion === 'dissent' ? (body.dissentReason ?? null) : null}`;
      if (signed && !revise) throw badRequest(M.alreadySigned);
      if (signed) {
        await tx.execute(sql`UPDATE review_member SET ${values}, update_time = now() WHERE id = ${seat.memberId}`);
      } else {
        if (seat.memberState !== 'signing')
          throw badRequest(M.wrongMemberState(MEMBER_STATES[seat.memberState], '签字'));
        await moveMember(tx, seat.memberId, seat.memberState, 'sign', values);
      }
      const after = await tx.execute<{ state: string; sign_time: Date }>(
        sql`SELECT state, sign_time FROM review_member WHERE id = ${seat.memberId}`,
      );
      const a = after.rows[0];
      return {
        memberId: seat.memberId,
        state: String(a?.state),
        signTime: formatDateTime(a?.sign_time ?? null) ?? '',
        ...(await counts(tx, seat.committeeId)),
      };
    });
  }

  /** The buyers of the package (its and its project's creators), for the bell. */
  async function buyerIds(q: DbOrTx, tenantId: number, packageId: string): Promise<string[]> {
    const r = await q.execute<{ id: string }>(sql`
      SELECT DISTINCT u.id FROM purchase_package p
      LEFT JOIN purchase_project j ON j.id = p.project_id
      JOIN sys_user u ON u.username IN (p.create_by, j.create_by) AND u.del_flag = 0
      JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = ${tenantId}
      WHERE p.id = ${packageId} AND p.tenant_id = ${tenantId}`);
    return r.rows.map((x) => x.id);
  }

  async function state(q: DbOrTx, tenantId: number, packageId: string): Promise<ReviewEndStateDto> {
    const r = await q.execute<Row>(sql`
      SELECT p.purchase_stage, p.election_status, p.review_stop_time, c.id AS committee_id, c.state,
        r.end_time, r.report_file_id, r.candidates
      FROM purchase_package p
      LEFT JOIN review_committee c ON c.package_id = p.id
      LEFT JOIN review_result r ON r.committee_id = c.id
      WHERE p.id = ${packageId} AND p.tenant_id = ${tenantId}`);
    const x = r.rows[0];
    if (!x) throw notFound('标包不存在或已删除');
    const n = x.committee_id ? await counts(q, x.committee_id) : { signed: 0, members: 0 };
    const bids = await q.execute<Row>(sql`SELECT s.id AS supplier_id, s.name, b.valid, b.invalid_reason,
        b.total_score, b.final_rank, b.candidate
      FROM review_bid b JOIN supplier s ON s.id = b.supplier_id
      WHERE b.committee_id = ${x.committee_id ?? null} ORDER BY b.valid DESC, b.final_rank NULLS LAST, s.name`);
    const names = new Map(bids.rows.map((b) => [String(b.supplier_id), String(b.name)]));
    return {
      packageId,
      ended: x.state === 'ended',
      committeeState: x.state ?? null,
      purchaseStage: Number(x.purchase_stage),
      electionStatus: String(x.election_status),
      endTime: formatDateTime(x.end_time) ?? null,
      reviewStopTime: formatDateTime(x.review_stop_time) ?? null,
      ...n,
      reportFileId: x.report_file_id ?? null,
      ranking: bids.rows.map((b) => ({
        supplierName: b.name,
        valid: Boolean(b.valid),
        invalidReason: b.invalid_reason ? (INVALID_REASONS[b.invalid_reason as InvalidReason] ?? null) : null,
        total: b.total_score === null ? null : String(b.total_score),
        rank: b.final_rank === null ? null : Number(b.final_rank),
        candidate: Boolean(b.candidate),
      })),
      candidateNames: (Array.isArray(x.candidates) ? (x.candidates as string[]) : []).map((id) => names.get(id) ?? id),
    };
  }

  /**
   * Generates the report once and records it on review_result: the result row is locked while the PDF is made, so
   * two first downloads (or the end and a download) store one file; a report already stored is returned as is.
   */
  async function storeReport(tenantId: number, packageId: string, userId: string): Promise<string> {
    return db.transaction(async (tx) => {
      const locked = await tx.execute<{ id: string; report_file_id: string | null }>(sql`
        SELECT id, report_file_id FROM review_result WHERE package_id = ${packageId} AND tenant_id = ${tenantId}
        FOR UPDATE`);
      const result = locked.rows[0];
      if (!result) throw notFound(M.reviewNotEnded);
      if (result.report_file_id) return result.report_file_id;
      const data = await loadReportData(tx, tenantId, packageId);
      if (!data) throw notFound(M.committeeNotFound);
      const pdf = await renderReportPdf(data, { font: deps.reportFont });
      const saved = await files.upload(
        { tenantId, userId },
        {
          fileName: `评审报告-${data.purchaseCode}-${data.packageNo}.pdf`,
          content: pdf,
          truncated: false,
          biz: REPORT_BIZ,
        },
      );
      await tx.execute(sql`UPDATE review_result SET report_file_id = ${saved.id}, report_time = now(),
        update_time = now() WHERE id = ${result.id}`);
      return saved.id;
    });
  }

  /**
   * Readers of an ended review: an active member of the committee; otherwise staff with 抽取查询 or 评审监控 and the
   * package in their data scope (404 outside it). A supplier (or an expert not on it) holds neither code: 403.
   */
  async function assertReader(caller: Caller, packageId: string): Promise<void> {
    const actor = { tenantId: caller.tenantId, userId: caller.userId, username: caller.username };
    const seat = await loadSeat(db, actor, packageId).catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 403) return null;
      throw e;
    });
    if (seat && !['avoided', 'declined', 'replaced'].includes(seat.memberState)) return;
    await caller.demand(PERMISSIONS.reviewDraw.list, PERMISSIONS.reviewMonitor.view);
    await loadPackage(db, caller.tenantId, packageId, { scope: await caller.scope() });
  }

  return {
    sign: (actor, body, variant) => write(actor, body, variant, false),
    saveAssetsOpinion: (actor, body) => write(actor, body, 'assets', true),

    async end(actor, packageId) {
      const ended = await db.transaction(async (tx) => {
        const seat = await seatFor(tx, actor, packageId, {
          action: '结束评审',
          stages: SIGN_STAGES,
          committeeStates: ['signing'],
          identities: ['leader'],
        });
        const members = await activeMembers(tx, seat.committeeId);
        const n = await counts(tx, seat.committeeId);
        if (n.signed < members.length) throw badRequest(M.signaturesMissing(members.length - n.signed));
        const result = await tx.execute<{ candidates: string[] }>(
          sql`SELECT candidates FROM review_result WHERE committee_id = ${seat.committeeId} FOR UPDATE`,
        );
        const res = result.rows[0];
        if (!res) throw badRequest(M.resultMissing);
        const valid = await tx.execute<{ supplier_id: string }>(sql`SELECT supplier_id FROM review_bid
          WHERE committee_id = ${seat.committeeId} AND valid ORDER BY supplier_id`);
        await moveCommittee(tx, seat.committeeId, seat.committeeState, 'end');
        await tx.execute(sql`UPDATE review_result SET end_time = now(), election_status = '1', update_time = now()
          WHERE committee_id = ${seat.committeeId}`);
        const pkg = await stages.completeReview(
          tx as unknown as Db,
          actor.tenantId,
          packageId,
          {
            validBidderIds: valid.rows.map((v) => v.supplier_id),
            rankedCandidates: Array.isArray(res.candidates) ? res.candidates : [],
            electionStatus: '1',
          },
          { username: actor.username, role: 'review' },
        );
        const subject = `${pkg.purchaseName}（${pkg.packageName}）`;
        await sendBellMessage(tx, {
          tenantId: actor.tenantId,
          userIds: await buyerIds(tx, actor.tenantId, packageId),
          title: `评审结束：${subject}`,
          html: `<p>${escapeHtml(subject)}（项目编号 ${escapeHtml(pkg.purchaseCode)}，标包 ${escapeHtml(pkg.packageNo)}）的专家评审已结束，评审委员会成员均已签字。请在「评审管理」中查看并下载评审报告。</p>`,
          abstract: `评审结束：${subject}`,
          busType: 'review_end',
          busId: seat.committeeId,
          openPage: MONITOR_PAGE,
        });
        return seat;
      });
      // The end stands even if the PDF cannot be made now (e.g. the font is missing): GET report retries.
      try {
        await storeReport(actor.tenantId, packageId, actor.userId);
      } catch (err) {
        deps.log?.error({ err, packageId, committeeId: ended.committeeId }, 'review report generation failed');
      }
      return state(db, actor.tenantId, packageId);
    },

    async endState(caller, packageId) {
      await assertReader(caller, packageId);
      return state(db, caller.tenantId, packageId);
    },

    async report(caller, packageId) {
      await assertReader(caller, packageId);
      const s = await state(db, caller.tenantId, packageId);
      if (!s.committeeState) throw notFound(M.committeeNotFound);
      if (!s.ended) throw badRequest(M.reviewNotEnded);
      const fileId = s.reportFileId ?? (await storeReport(caller.tenantId, packageId, caller.userId));
      const f = await db.execute<{ storage_key: string }>(
        sql`SELECT storage_key FROM sys_file WHERE id = ${fileId} AND tenant_id = ${caller.tenantId}`,
      );
      const key = f.rows[0]?.storage_key;
      if (!key) throw notFound(M.reviewNotEnded);
      return files.open({ tenantId: caller.tenantId, userId: caller.userId }, key);
    },
  };
}
