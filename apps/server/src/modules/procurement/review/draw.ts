import crypto from 'node:crypto';
import {
  COMMITTEE_STAGES,
  type CommitteeState,
  type DrawRequest,
  drawExperts,
  type ExpertStatus,
  REVIEW_MESSAGES as M,
  MEMBER_STATES,
  type MemberKind,
  type MemberState,
  PERMISSIONS,
  type PoolExpert,
  type PurchaseMethod,
  type ReviewCommitteeDto,
  type ReviewDrawDto,
  type SignOpinion,
  stageName,
} from '@aps/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { DataScope } from '../../platform/permission/data-scope.ts';
import { sysUser } from '../../platform/system/tables.ts';
import { escapeHtml, sendBellMessage } from '../bid/letters.ts';
import { loadPackage, type PackageRef } from '../bid/package-ref.ts';
import { type DrawAudit, reviewCommittee, reviewMember } from './tables.ts';

export interface DrawActor {
  tenantId: number;
  userId: string;
  username: string;
  scope: DataScope;
}

export interface DrawService {
  /** REVIEW_API.draw: the committee of a package, drawn once (the unique index), seed and audit recorded. */
  draw(actor: DrawActor, body: DrawRequest): Promise<ReviewDrawDto>;
  /** REVIEW_API.drawReplace: the next expert of the same seeded order takes a declined or avoiding member's seat. */
  replace(actor: DrawActor, memberId: string): Promise<ReviewDrawDto>;
  /** REVIEW_API.committee: the committee with member states and the draw's exclusions, or null before the draw. */
  committee(actor: DrawActor, packageId: string): Promise<ReviewDrawDto | null>;
}

/** Where a drawn expert's bell message leads: their 评审任务 (seed/menus.ts). */
export const REVIEW_TASK_PATH = '/review/task';
const DRAW_ACTION = '抽取专家';
const REPLACE_ACTION = '补抽专家';

type PackageSettings = {
  purchase_method: PurchaseMethod;
  expert_count: number | null;
  expert_specialities: string | null;
};

export function createDrawService(db: Db): DrawService {
  /** The package (tenant + data scope → 404 outside it), locked, in a stage where the committee may be drawn. */
  async function lockedPackage(tx: DbOrTx, actor: DrawActor, packageId: string, action: string) {
    const pkg = await loadPackage(tx, actor.tenantId, packageId, { scope: actor.scope, lock: 'update' });
    if (!COMMITTEE_STAGES.drawn.includes(pkg.purchaseStage)) {
      throw badRequest(action === DRAW_ACTION ? M.drawStage : M.wrongStage(stageName(pkg.purchaseStage), action));
    }
    return pkg;
  }

  /** The bidders' company names: every signed-up or bidding supplier (a bid may still come before the deadline). */
  async function bidderNames(tx: DbOrTx, tenantId: number, packageId: string): Promise<string[]> {
    const { rows } = await tx.execute<{ name: string }>(sql`
      SELECT DISTINCT s.name FROM supplier s
       WHERE s.tenant_id = ${tenantId} AND s.id IN (
         SELECT supplier_id FROM purchase_sign_up WHERE package_id = ${packageId} AND status = '1'
         UNION SELECT supplier_id FROM purchase_bid WHERE package_id = ${packageId} AND status = '1')
       ORDER BY s.name`);
    return rows.map((r) => r.name);
  }

  /** The tenant's live pool as drawExperts sees it (declared avoidances: supplier records by name, and names). */
  async function pool(tx: DbOrTx, tenantId: number): Promise<PoolExpert[]> {
    const { rows } = await tx.execute<{
      id: string;
      realname: string;
      specialities: string[];
      region: string | null;
      employer: string | null;
      avoidances: string[];
      status: ExpertStatus;
    }>(sql`
      SELECT e.id, u.realname, e.specialities, e.region, e.employer, e.status,
             e.avoid_companies || coalesce((SELECT array_agg(s.name ORDER BY s.name) FROM supplier s
                                            WHERE s.id = ANY(e.avoid_supplier_ids)), '{}'::text[]) AS avoidances
        FROM expert_profile e JOIN sys_user u ON u.id = e.user_id AND u.del_flag = 0
       WHERE e.tenant_id = ${tenantId} AND e.del_flag = 0
       ORDER BY e.id`);
    return rows.map((r) => ({
      id: r.id,
      name: r.realname,
      specialities: r.specialities ?? [],
      region: r.region,
      employer: r.employer,
      avoidances: r.avoidances ?? [],
      status: r.status,
    }));
  }

  /**
   * The draw's specialities: the request's codes, else the package's 专家专业 (free text of the selection
   * settings) read as category codes or names of the tenant; text naming no category restricts nothing.
   */
  async function specialitiesFor(tx: DbOrTx, tenantId: number, asked: string[], text: string | null) {
    if (asked.length > 0) {
      const { rows } = await tx.execute<{ code: string }>(
        sql`SELECT code FROM sys_category WHERE tenant_id = ${tenantId} AND code = ANY(${sql.param(asked)}::text[])`,
      );
      const known = new Set(rows.map((r) => r.code));
      const unknown = asked.find((c) => !known.has(c));
      if (unknown) throw badRequest(M.expertSpecialityUnknown(unknown));
      return asked;
    }
    const tokens = (text ?? '')
      .split(/[,，、;；\s]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    if (tokens.length === 0) return [];
    const { rows } = await tx.execute<{ code: string }>(sql`
      SELECT DISTINCT code FROM sys_category
       WHERE tenant_id = ${tenantId} AND (code = ANY(${sql.param(tokens)}::text[]) OR name = ANY(${sql.param(tokens)}::text[]))
       ORDER BY code`);
    return rows.map((r) => r.code);
  }

  /** The purchaser representative: a live staff user of the tenant who may open 评审任务. */
  async function checkRep(tx: DbOrTx, tenantId: number, userId: string) {
    const { rows } = await tx.execute<{ staff: boolean; can: boolean }>(sql`
      SELECT '1' = ANY(string_to_array(u.user_end, ',')) AS staff,
             EXISTS (SELECT 1 FROM sys_user_role ur
                       JOIN sys_role r ON r.id = ur.role_id AND r.tenant_id = ${tenantId}
                       JOIN sys_role_permission rp ON rp.role_id = ur.role_id
                       JOIN sys_permission p ON p.id = rp.permission_id AND p.del_flag = 0
                      WHERE ur.user_id = u.id AND p.perms = ${PERMISSIONS.reviewTask.list}) AS can
        FROM sys_user u JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = ${tenantId}
       WHERE u.id = ${userId} AND u.del_flag = 0`);
    const rep = rows[0];
    if (!rep?.staff) throw badRequest(M.repNotStaff);
    if (!rep.can) throw badRequest(M.repNoTaskAccess);
  }

  async function notifyDrawn(tx: DbOrTx, pkg: PackageRef, userIds: string[], committeeId: string) {
    const subject = `${pkg.purchaseName}（${pkg.packageName}）`;
    const title = `评审任务：${subject}`;
    await sendBellMessage(tx, {
      tenantId: pkg.tenantId,
      userIds,
      title,
      html: `<p>您已被抽取为${escapeHtml(subject)}（项目编号 ${escapeHtml(pkg.purchaseCode)}，标包 ${escapeHtml(pkg.packageNo)}）的评审委员会成员。请在「评审任务」中签到并签署回避声明；如需回避或不能参加，请在评审任务中申请回避或拒绝。</p>`,
      abstract: title,
      busType: 'review_task',
      busId: committeeId,
      openPage: REVIEW_TASK_PATH,
    });
  }

  async function read(tx: DbOrTx, tenantId: number, packageId: string): Promise<ReviewDrawDto | null> {
    const [c] = await tx
      .select()
      .from(reviewCommittee)
      .where(and(eq(reviewCommittee.tenantId, tenantId), eq(reviewCommittee.packageId, packageId)));
    if (!c) return null;
    const members = await tx
      .select({ m: reviewMember, realname: sysUser.realname })
      .from(reviewMember)
      .innerJoin(sysUser, eq(sysUser.id, reviewMember.userId))
      .where(eq(reviewMember.committeeId, c.id))
      .orderBy(sql`${reviewMember.drawSequence} ASC NULLS LAST`, asc(reviewMember.createTime));
    const names = new Map(c.drawAudit.pool.map((e) => [e.id, e.name ?? '']));
    const committee: ReviewCommitteeDto = {
      id: c.id,
      packageId: c.packageId,
      size: c.size,
      specialities: c.specialities,
      drawSeed: c.drawSeed,
      drawnAt: c.drawnAt.toISOString(),
      drawnBy: c.drawnBy,
      state: c.state as CommitteeState,
      leaderMemberId: c.leaderMemberId,
      leaderVoteRound: c.leaderVoteRound,
      leaderCandidates: c.leaderCandidates,
      members: members.map(({ m, realname }) => ({
        id: m.id,
        userId: m.userId,
        realname,
        kind: m.kind as MemberKind,
        state: m.state as MemberState,
        drawSequence: m.drawSequence,
        isLeader: c.leaderMemberId === m.id,
        signInTime: m.signInTime?.toISOString() ?? null,
        replacesMemberId: m.replacesMemberId,
        signTime: m.signTime?.toISOString() ?? null,
        signOpinion: (m.signOpinion as SignOpinion | null) ?? null,
        dissentReason: m.dissentReason,
      })),
    };
    const excluded = c.drawAudit.excluded.map((e) => ({ ...e, realname: names.get(e.expertId) ?? '' }));
    return { committee, excluded };
  }

  return {
    draw: (actor, body) =>
      db.transaction(async (tx) => {
        const pkg = await lockedPackage(tx, actor, body.packageId, DRAW_ACTION);
        const [existing] = await tx
          .select({ id: reviewCommittee.id })
          .from(reviewCommittee)
          .where(eq(reviewCommittee.packageId, pkg.id));
        if (existing) throw badRequest(M.committeeExists);
        const settings = (
          await tx.execute<PackageSettings>(
            sql`SELECT purchase_method, expert_count, expert_specialities FROM purchase_package WHERE id = ${pkg.id}`,
          )
        ).rows[0] as PackageSettings;
        const count = body.size ?? settings.expert_count;
        if (!count) throw badRequest(M.drawSizeRequired);
        const specialities = await specialitiesFor(tx, actor.tenantId, body.specialities, settings.expert_specialities);
        if (body.purchaserRepUserId) await checkRep(tx, actor.tenantId, body.purchaserRepUserId);

        const experts = await pool(tx, actor.tenantId);
        const requirement = {
          purchaseMethod: settings.purchase_method,
          count,
          specialities,
          excludedEmployers: await bidderNames(tx, actor.tenantId, pkg.id),
        };
        // 128 bits from the OS's CSPRNG: nobody can choose or predict the committee; the seed replays it.
        const seed = crypto.randomBytes(16).toString('hex');
        const outcome = drawExperts(experts, requirement, seed);
        if (!outcome.ok) throw badRequest(outcome.message);
        const userOf = await expertUsers(
          tx,
          actor.tenantId,
          outcome.drawn.map((d) => d.expertId),
        );
        const drawnUsers = outcome.drawn.map((d) => userOf.get(d.expertId) as string);
        if (body.purchaserRepUserId && drawnUsers.includes(body.purchaserRepUserId)) throw badRequest(M.repIsExpert);

        const audit: DrawAudit = { pool: experts, requirement, order: outcome.order, excluded: outcome.excluded };
        const [committee] = await tx
          .insert(reviewCommittee)
          .values({
            tenantId: actor.tenantId,
            packageId: pkg.id,
            size: count,
            specialities,
            drawSeed: seed,
            drawAudit: audit,
            drawnBy: actor.username,
            purchaserRepUserId: body.purchaserRepUserId ?? null,
          })
          .returning({ id: reviewCommittee.id });
        if (!committee) throw new Error('committee insert returned nothing');
        await tx.insert(reviewMember).values([
          ...outcome.drawn.map((d, i) => ({
            tenantId: actor.tenantId,
            committeeId: committee.id,
            packageId: pkg.id,
            userId: drawnUsers[i] as string,
            expertId: d.expertId,
            kind: 'expert',
            drawSequence: d.sequence,
          })),
          ...(body.purchaserRepUserId
            ? [
                {
                  tenantId: actor.tenantId,
                  committeeId: committee.id,
                  packageId: pkg.id,
                  userId: body.purchaserRepUserId,
                  kind: 'purchaser_rep',
                },
              ]
            : []),
        ]);
        const notified = body.purchaserRepUserId ? [...drawnUsers, body.purchaserRepUserId] : drawnUsers;
        await notifyDrawn(tx, pkg, notified, committee.id);
        return (await read(tx, actor.tenantId, pkg.id)) as ReviewDrawDto;
      }),

    replace: (actor, memberId) =>
      db.transaction(async (tx) => {
        const [target] = await tx
          .select()
          .from(reviewMember)
          .where(and(eq(reviewMember.id, memberId), eq(reviewMember.tenantId, actor.tenantId)));
        if (!target) throw notFound(M.taskNotFound);
        const pkg = await lockedPackage(tx, actor, target.packageId, REPLACE_ACTION);
        const [c] = await tx.select().from(reviewCommittee).where(eq(reviewCommittee.id, target.committeeId));
        if (!c) throw notFound(M.committeeNotFound);
        if (c.state !== 'drawn') throw badRequest(M.wrongCommitteeState(c.state, REPLACE_ACTION));
        // Re-read the member under the package lock (a concurrent replacement may have taken it).
        const [member] = await tx.select().from(reviewMember).where(eq(reviewMember.id, memberId));
        if (member?.kind !== 'expert' || (member.state !== 'avoided' && member.state !== 'declined')) {
          throw badRequest(M.replaceNotNeeded);
        }
        const members = await tx.select().from(reviewMember).where(eq(reviewMember.committeeId, c.id));
        const seated = new Set(members.map((m) => m.expertId).filter(Boolean));
        const out = members
          .filter((m) => m.kind === 'expert' && ['avoided', 'declined', 'replaced'].includes(m.state))
          .map((m) => ({ expertId: m.expertId as string, reason: m.declineReason ?? MEMBER_STATES.declined }));
        // The same pool, requirement and seed with the leavers skipped: the next in the seeded order.
        const outcome = drawExperts(c.drawAudit.pool, c.drawAudit.requirement, c.drawSeed, { declined: out });
        if (!outcome.ok) throw badRequest(outcome.message);
        const next = outcome.drawn.find((d) => !seated.has(d.expertId));
        if (!next) throw badRequest(M.replaceNotNeeded);
        const userId = (await expertUsers(tx, actor.tenantId, [next.expertId])).get(next.expertId);
        if (!userId || userId === c.purchaserRepUserId) throw badRequest(M.repIsExpert);
        const [added] = await tx
          .insert(reviewMember)
          .values({
            tenantId: actor.tenantId,
            committeeId: c.id,
            packageId: pkg.id,
            userId,
            expertId: next.expertId,
            kind: 'expert',
            drawSequence: next.sequence,
            replacesMemberId: member.id,
          })
          .returning({ id: reviewMember.id });
        if (!added) throw new Error('member insert returned nothing');
        await tx
          .update(reviewMember)
          .set({ state: 'replaced', stateTime: sql`now()`, replacedByMemberId: added.id, updateTime: sql`now()` })
          .where(eq(reviewMember.id, member.id));
        await notifyDrawn(tx, pkg, [userId], c.id);
        return (await read(tx, actor.tenantId, pkg.id)) as ReviewDrawDto;
      }),

    committee: async (actor, packageId) => {
      await loadPackage(db, actor.tenantId, packageId, { scope: actor.scope });
      return read(db, actor.tenantId, packageId);
    },
  };
}

/** Profile id → user id of the tenant's experts (a member row is the user's task). */
async function expertUsers(tx: DbOrTx, tenantId: number, ids: string[]): Promise<Map<string, string>> {
  const { rows } = await tx.execute<{ id: string; user_id: string }>(
    sql`SELECT id, user_id FROM expert_profile WHERE tenant_id = ${tenantId} AND id = ANY(${sql.param(ids)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, r.user_id]));
}
