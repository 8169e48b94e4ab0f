/**
 * The expert's workspace (issue 15 §3): 评审任务 (the caller's own review_member rows), one task with the
 * purchase-information card, the caller's identity on a package, the opened bid files, sign-in with the avoidance
 * declaration (a declared conflict = 回避) and 拒绝. A task id of another user is "not found" (no IDOR oracle).
 */
import {
  AVOIDANCE_DECLARATION,
  type BidFilesDto,
  type CommitteeState,
  isActiveMember,
  REVIEW_MESSAGES as M,
  MEMBER_STATES,
  type MemberState,
  nextCommitteeState,
  nextMemberState,
  type PageResult,
  type ReviewIdentity,
  type ReviewIdentityDto,
  type ReviewMemberDto,
  type ReviewPackageCardDto,
  type ReviewTaskDetailDto,
  type ReviewTaskRowDto,
  type SignInRequest,
  stageName,
  type TaskListQuery,
} from '@aps/shared';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';

export interface TaskActor {
  tenantId: number;
  userId: string;
}

export interface ReviewTaskService {
  list(actor: TaskActor, q: TaskListQuery): Promise<PageResult<ReviewTaskRowDto>>;
  detail(actor: TaskActor, id: string, packageId?: string): Promise<ReviewTaskDetailDto>;
  identity(actor: TaskActor, packageId: string): Promise<ReviewIdentityDto>;
  bidFiles(actor: TaskActor, packageId: string, bidId: string): Promise<BidFilesDto>;
  signIn(actor: TaskActor, body: SignInRequest): Promise<{ state: MemberState }>;
  decline(actor: TaskActor, id: string, reason: string): Promise<{ state: MemberState }>;
}

/** The package stages in which a drawn member signs in or declines (待开标 / 已开标, before the review starts). */
const SIGN_IN_STAGES = [4, 5];
/** The stage from which bid files are open to the committee (已开标). */
const OPENED_STAGE = 5;

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

// biome-ignore lint/suspicious/noExplicitAny: raw rows, read field by field.
type Row = Record<string, any>;

const TASK_COLUMNS = sql`m.id, m.package_id, m.state, m.kind, m.create_time, c.state AS committee_state,
  c.leader_member_id, p.purchase_code, p.purchase_name, p.package_name, p.purchase_method, p.purchase_stage,
  p.opening_start_time, p.review_start_time, p.review_stop_time`;

const identityOf = (r: Row): ReviewIdentity =>
  r.kind === 'purchaser_rep' ? 'purchaser_rep' : r.leader_member_id === r.id ? 'leader' : 'member';

function toTaskRow(r: Row): ReviewTaskRowDto {
  return {
    id: r.id,
    packageId: r.package_id,
    purchaseCode: r.purchase_code,
    purchaseName: r.purchase_name,
    packageName: r.package_name,
    purchaseMethod: r.purchase_method,
    purchaseStage: Number(r.purchase_stage),
    state: r.state,
    committeeState: r.committee_state,
    identity: identityOf(r),
    openingStartTime: iso(r.opening_start_time),
    reviewStartTime: iso(r.review_start_time),
    reviewStopTime: iso(r.review_stop_time),
    createTime: iso(r.create_time) ?? '',
  };
}

function toCard(r: Row): ReviewPackageCardDto {
  return {
    packageId: r.id,
    purchaseNo: r.purchase_no,
    purchaseCode: r.purchase_code,
    purchaseName: r.purchase_name,
    packageNo: r.package_no,
    packageName: r.package_name,
    purchaseCategory: r.purchase_category,
    purchaseMethod: r.purchase_method,
    purchaseStage: Number(r.purchase_stage),
    electionStatus: r.election_status,
    fixedPrice: str(r.fixed_price),
    lowerCoefficientType: r.lower_coefficient_type === null ? null : Number(r.lower_coefficient_type),
    lowerCoefficient: str(r.lower_coefficient),
    number: str(r.number),
    warrantyPeriod: r.warranty_period === null ? null : Number(r.warranty_period),
    materialStartTime: iso(r.material_start_time),
    materialEndTime: iso(r.material_end_time),
    scoreType: r.score_type,
    quotationRoundCount: Number(r.quotation_round_count),
    currentRoundNo: Number(r.current_round_no),
    brandRequirements: r.brand_requirements,
    payTypeMemo: r.pay_type_memo,
    priceMethod: r.price_method,
    purchaseCandidateCount: Number(r.purchase_candidate_count),
    minBidders: Number(r.min_bidders),
    openingStartTime: iso(r.opening_start_time),
    reviewStartTime: iso(r.review_start_time),
    reviewStopTime: iso(r.review_stop_time),
    sysOrgCode: r.sys_org_code,
    departName: r.depart_name ?? null,
  };
}

export function createReviewTaskService({ db }: { db: Db }): ReviewTaskService {
  /** The caller's own task (a row of another user or tenant is "not found"); `lock` takes the row lock. */
  async function ownTask(q: DbOrTx, actor: TaskActor, id: string, lock = false): Promise<Row> {
    const rows = await q.execute<Row>(sql`
      SELECT ${TASK_COLUMNS}, m.committee_id FROM review_member m
      JOIN review_committee c ON c.id = m.committee_id
      JOIN purchase_package p ON p.id = m.package_id
      WHERE m.id = ${id} AND m.user_id = ${actor.userId} AND m.tenant_id = ${actor.tenantId}
      ${lock ? sql`FOR UPDATE OF m, c` : sql``}`);
    const r = rows.rows[0];
    if (!r) throw notFound(M.taskNotFound);
    return r;
  }

  /** The caller's row on a package's committee, or null. */
  async function memberOn(q: DbOrTx, actor: TaskActor, packageId: string): Promise<Row | null> {
    const rows = await q.execute<Row>(sql`
      SELECT ${TASK_COLUMNS} FROM review_member m
      JOIN review_committee c ON c.id = m.committee_id
      JOIN purchase_package p ON p.id = m.package_id
      WHERE m.package_id = ${packageId} AND m.user_id = ${actor.userId} AND m.tenant_id = ${actor.tenantId}`);
    return rows.rows[0] ?? null;
  }

  const identityDto = (packageId: string, r: Row | null): ReviewIdentityDto =>
    r
      ? {
          packageId,
          identity: identityOf(r),
          memberId: r.id,
          memberState: r.state,
          committeeState: r.committee_state,
        }
      : { packageId, identity: 'none', memberId: null, memberState: null, committeeState: null };

  /** Refuses a write unless the member and the package are where the sign-in/decline runs. */
  function assertDrawn(r: Row, action: string) {
    if (!SIGN_IN_STAGES.includes(Number(r.purchase_stage)))
      throw badRequest(M.wrongStage(stageName(Number(r.purchase_stage)), action));
    if (!isActiveMember(r.state)) throw badRequest(M.memberOut(MEMBER_STATES[r.state as MemberState]));
    if (r.state === 'signed_in') throw badRequest(M.alreadySignedIn);
    if (r.state !== 'drawn') throw badRequest(M.wrongMemberState(MEMBER_STATES[r.state as MemberState], action));
  }

  /** Moves one member along the member machine (the caller holds the row lock). */
  async function moveMember(tx: DbOrTx, r: Row, action: string, set: SQL) {
    const to = nextMemberState(action, r.state);
    if (!to) throw badRequest(M.wrongMemberState(MEMBER_STATES[r.state as MemberState], action));
    await tx.execute(sql`UPDATE review_member SET state = ${to}, state_time = now(), update_time = now(), ${set}
      WHERE id = ${r.id}`);
    return to;
  }

  /**
   * Every seat filled and signed in (the drawn experts plus the representative, replacements included) → the
   * leader vote opens: the committee to 组长推选, its signed-in members with it.
   */
  async function openVoteIfComplete(tx: DbOrTx, committeeId: string, from: CommitteeState) {
    const next = nextCommitteeState('allSignedIn', from);
    if (!next) return;
    const seats = await tx.execute<{ open: number; active: number; seats: number }>(sql`
      SELECT count(*) FILTER (WHERE m.state = 'drawn')::int AS open,
        count(*) FILTER (WHERE m.state = 'signed_in')::int AS active,
        (c.size + CASE WHEN c.purchaser_rep_user_id IS NULL THEN 0 ELSE 1 END)::int AS seats
      FROM review_committee c JOIN review_member m ON m.committee_id = c.id
      WHERE c.id = ${committeeId} GROUP BY c.id`);
    const s = seats.rows[0];
    if (!s || s.open > 0 || s.active < s.seats) return;
    await tx.execute(sql`UPDATE review_committee SET state = ${next}, state_time = now(), update_time = now()
      WHERE id = ${committeeId}`);
    await tx.execute(sql`UPDATE review_member SET state = ${nextMemberState('openVote', 'signed_in')},
      state_time = now(), update_time = now() WHERE committee_id = ${committeeId} AND state = 'signed_in'`);
  }

  return {
    async list(actor, q) {
      const filters: SQL[] = [sql`m.tenant_id = ${actor.tenantId}`, sql`m.user_id = ${actor.userId}`];
      if (q.state) filters.push(sql`m.state = ${q.state}`);
      else if (q.scope === 'open') filters.push(sql`m.state NOT IN ('avoided', 'declined', 'replaced', 'done')`);
      if (q.name) filters.push(sql`p.package_name ILIKE ${`%${q.name.replace(/[\\%_]/g, '\\$&')}%`}`);
      const where = sql.join(filters, sql` AND `);
      const [rows, total] = await Promise.all([
        db.execute<Row>(sql`
          SELECT ${TASK_COLUMNS} FROM review_member m
          JOIN review_committee c ON c.id = m.committee_id
          JOIN purchase_package p ON p.id = m.package_id
          WHERE ${where} ORDER BY m.create_time DESC, m.id DESC
          LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`),
        db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM review_member m
          JOIN purchase_package p ON p.id = m.package_id WHERE ${where}`),
      ]);
      const n = total.rows[0]?.n ?? 0;
      return {
        records: rows.rows.map(toTaskRow),
        total: n,
        size: q.pageSize,
        current: q.pageNo,
        pages: Math.ceil(n / q.pageSize),
      };
    },

    async detail(actor, id, packageId) {
      const task = await ownTask(db, actor, id);
      if (packageId && packageId !== task.package_id) throw notFound(M.taskNotFound);
      const [card, committee, members, bidders] = await Promise.all([
        db.execute<Row>(sql`SELECT p.*, d.depart_name FROM purchase_package p
          LEFT JOIN sys_depart d ON d.org_code = p.sys_org_code
          WHERE p.id = ${task.package_id}`),
        db.execute<Row>(sql`SELECT * FROM review_committee WHERE id = ${task.committee_id}`),
        db.execute<Row>(sql`SELECT m.*, u.realname FROM review_member m JOIN sys_user u ON u.id = m.user_id
          WHERE m.committee_id = ${task.committee_id} ORDER BY m.draw_sequence NULLS LAST, m.create_time`),
        db.execute<Row>(sql`SELECT b.id, b.supplier_id, s.name FROM purchase_bid b JOIN supplier s ON s.id = b.supplier_id
          WHERE b.package_id = ${task.package_id} AND b.status = '1' ORDER BY s.name`),
      ]);
      const c = committee.rows[0] as Row;
      const memberDtos: ReviewMemberDto[] = members.rows.map((m) => ({
        id: m.id,
        userId: m.user_id,
        realname: m.realname,
        kind: m.kind,
        state: m.state,
        drawSequence: m.draw_sequence,
        isLeader: c.leader_member_id === m.id,
        signInTime: iso(m.sign_in_time),
        replacesMemberId: m.replaces_member_id,
        signTime: iso(m.sign_time),
        signOpinion: m.sign_opinion,
        dissentReason: m.dissent_reason,
      }));
      return {
        task: toTaskRow(task),
        card: toCard(card.rows[0] as Row),
        identity: identityDto(task.package_id, task),
        committee: {
          id: c.id,
          packageId: c.package_id,
          size: c.size,
          specialities: c.specialities,
          drawSeed: c.draw_seed,
          drawnAt: iso(c.drawn_at) ?? '',
          drawnBy: c.drawn_by,
          state: c.state,
          leaderMemberId: c.leader_member_id,
          leaderVoteRound: c.leader_vote_round,
          leaderCandidates: c.leader_candidates,
          members: memberDtos,
        },
        declaration: AVOIDANCE_DECLARATION,
        bidders: bidders.rows.map((b) => ({ bidId: b.id, supplierId: b.supplier_id, supplierName: b.name })),
      };
    },

    async identity(actor, packageId) {
      const pkg = await db.execute(
        sql`SELECT 1 FROM purchase_package WHERE id = ${packageId} AND tenant_id = ${actor.tenantId}`,
      );
      if (!pkg.rows.length) throw notFound('标包不存在或已删除');
      return identityDto(packageId, await memberOn(db, actor, packageId));
    },

    async bidFiles(actor, packageId, bidId) {
      const me = await memberOn(db, actor, packageId);
      if (!me) throw notFound(M.notOnCommittee);
      if (!isActiveMember(me.state)) throw badRequest(M.memberOut(MEMBER_STATES[me.state as MemberState]));
      // Sealed until the opening: before it nobody, the committee included, reads a bidder's response.
      if (Number(me.purchase_stage) < OPENED_STAGE) throw badRequest('开标前不能查看投标文件');
      const rows = await db.execute<Row>(sql`SELECT b.id, b.supplier_id, b.files, s.name FROM purchase_bid b
        JOIN supplier s ON s.id = b.supplier_id
        WHERE b.id = ${bidId} AND b.package_id = ${packageId} AND b.status = '1'`);
      const b = rows.rows[0];
      if (!b) throw notFound(M.bidNotReviewed);
      return { bidId: b.id, supplierId: b.supplier_id, supplierName: b.name, files: b.files ?? [] };
    },

    signIn(actor, body) {
      return db.transaction(async (tx) => {
        const r = await ownTask(tx, actor, body.id, true);
        if (body.conflict) {
          assertDrawn(r, '申请回避');
          const state = await moveMember(
            tx,
            r,
            'avoid',
            sql`avoidance_declaration = ${AVOIDANCE_DECLARATION}, decline_reason = ${body.conflictNote}`,
          );
          return { state };
        }
        assertDrawn(r, '签到');
        const state = await moveMember(
          tx,
          r,
          'signIn',
          sql`sign_in_time = now(), avoidance_declaration = ${AVOIDANCE_DECLARATION}`,
        );
        await openVoteIfComplete(tx, r.committee_id, r.committee_state);
        return { state };
      });
    },

    decline(actor, id, reason) {
      return db.transaction(async (tx) => {
        const r = await ownTask(tx, actor, id, true);
        assertDrawn(r, '拒绝');
        return { state: await moveMember(tx, r, 'decline', sql`decline_reason = ${reason}`) };
      });
    },
  };
}
