/**
 * 整改管理 (issue 17 §3): an order raised from a finding, addressed to a department or a supplier;
 * 待整改 → (answer) 已整改待复核 → (复核 through the `rectification` approval) 已关闭, or 退回 → 待整改 again (by
 * the inspector directly, or by a rejection of the approval). Every change writes a history row in the same
 * transaction. Staff read in the tenant and their data scope; a supplier reads only its own orders.
 */
import {
  APPROVAL_STATUS,
  canRectify,
  FINDING_SEVERITIES,
  type FindingSeverity,
  SUPERVISION_MESSAGES as M,
  type PageResult,
  RECTIFICATION_ADDRESSEES,
  type RectificationAction,
  type RectificationAddInput,
  type RectificationAddressee,
  type RectificationAnswerInput,
  type RectificationDto,
  type RectificationListQuery,
  type RectificationState,
  type SupplierFileDto,
} from '@aps/shared';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { badRequest, forbidden, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { ListExport } from '../../platform/excel/export.ts';
import { scopeFilter } from '../../platform/permission/data-scope.ts';
import { tenantFiles } from '../../procurement/files.ts';
import { supplierOfUser } from '../../procurement/supplier/eligibility.ts';
import { supplier } from '../../procurement/supplier/tables.ts';
import { actorName, type WorkflowPort } from '../../procurement/workflow-port.ts';
import type { SupervisionActor } from '../inspection/service.ts';
import { supervisionFinding, supervisionInspection } from '../inspection/tables.ts';
import { logDto, type RectificationJoined, rectificationDto } from './dto.ts';
import { bellRectification, stateLabel } from './notify.ts';
import { supervisionRectification as rect, supervisionRectificationLog as rectLog } from './tables.ts';

export const RECTIFICATION_WORKFLOW = 'rectification' as const;
type Row = typeof rect.$inferSelect;
type Filter = Omit<RectificationListQuery, 'pageNo' | 'pageSize'>;
const IN_APPROVAL = ['2', '3', '6'];

/** Today in Beijing (deadlines are calendar dates there). */
export const beijingToday = (now = new Date()) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** One history row (who, when, what, from → to, comment, files). */
export async function logStep(
  tx: DbOrTx,
  r: Pick<Row, 'id' | 'tenantId'>,
  action: RectificationAction,
  from: RectificationState | null,
  to: RectificationState | null,
  actor: string,
  comment: string | null = null,
  files: SupplierFileDto[] = [],
) {
  await tx.insert(rectLog).values({
    tenantId: r.tenantId,
    rectificationId: r.id,
    action,
    fromState: from,
    toState: to,
    comment,
    files,
    actor,
  });
}

const SORT = { createTime: rect.createTime, deadline: rect.deadline, state: rect.state } as const;

export function createRectificationService({ db, workflow }: { db: Db; workflow: WorkflowPort | null }) {
  const staffScope = (actor: SupervisionActor) =>
    and(eq(rect.tenantId, actor.tenantId), scopeFilter(actor.scope, rect.sysOrgCode));
  const filters = (q: Filter) =>
    and(
      q.rectNo ? ilike(rect.rectNo, `%${escapeLike(q.rectNo)}%`) : undefined,
      q.addresseeName ? ilike(rect.addresseeName, `%${escapeLike(q.addresseeName)}%`) : undefined,
      q.inspectionId ? eq(rect.inspectionId, q.inspectionId) : undefined,
      q.state ? eq(rect.state, q.state) : undefined,
      q.overdue === '1' ? isNotNull(rect.overdueAt) : q.overdue === '0' ? isNull(rect.overdueAt) : undefined,
    );
  const joined = (w: SQL | undefined) =>
    db
      .select({
        r: rect,
        inspectionTitle: supervisionInspection.title,
        findingDescription: supervisionFinding.description,
        severity: supervisionFinding.severity,
      })
      .from(rect)
      .innerJoin(supervisionInspection, eq(supervisionInspection.id, rect.inspectionId))
      .innerJoin(supervisionFinding, eq(supervisionFinding.id, rect.findingId))
      .where(w);
  const pageOf = (w: SQL | undefined, q: Filter, offset: number, limit: number) =>
    joined(w)
      .orderBy((q.order === 'asc' ? asc : desc)(SORT[q.column ?? 'createTime']), desc(rect.id))
      .offset(offset)
      .limit(limit);
  const listOf = (w: SQL | undefined, q: RectificationListQuery): Promise<PageResult<RectificationDto>> =>
    fetchPage(
      q,
      db.select({ n: count() }).from(rect).where(w),
      (o, l) => pageOf(w, q, o, l),
      (r: RectificationJoined) => rectificationDto(r),
    );
  const historyOf = async (id: string) =>
    (
      await db
        .select()
        .from(rectLog)
        .where(eq(rectLog.rectificationId, id))
        .orderBy(asc(rectLog.createTime), asc(rectLog.id))
    ).map(logDto);
  async function detail(w: SQL | undefined): Promise<RectificationDto> {
    const [r] = await joined(w);
    if (!r) throw notFound(M.rectificationNotFound);
    return { ...rectificationDto(r), history: await historyOf(r.r.id) };
  }

  async function lockStaff(tx: DbOrTx, actor: SupervisionActor, id: string): Promise<Row> {
    const [row] = await tx
      .select()
      .from(rect)
      .where(and(staffScope(actor), eq(rect.id, id)))
      .for('update');
    if (!row) throw notFound(M.rectificationNotFound);
    return row;
  }

  /** The supplier the user acts for; a user of none is refused. */
  async function ownSupplier(actor: SupervisionActor) {
    const me = await supplierOfUser(db, actor.tenantId, actor.userId);
    if (!me) throw forbidden(M.noSupplier);
    return me;
  }
  const supplierScope = (tenantId: number, supplierId: string) =>
    and(eq(rect.tenantId, tenantId), eq(rect.addresseeType, 'supplier'), eq(rect.supplierId, supplierId));

  /** The inspector who raised it or one of the inspection's inspectors. */
  async function assertInspector(tx: DbOrTx, actor: SupervisionActor, r: Row) {
    if (r.inspectorUserId === actor.userId) return;
    const [i] = await tx
      .select({ ids: supervisionInspection.inspectorIds })
      .from(supervisionInspection)
      .where(eq(supervisionInspection.id, r.inspectionId));
    if (!i?.ids.includes(actor.userId)) throw forbidden(M.notInspector);
  }

  async function addressee(tx: DbOrTx, tenantId: number, body: RectificationAddInput, inspectionOrg: string) {
    if (body.addresseeType === 'depart') {
      const r = await tx.execute<{ name: string }>(sql`
        SELECT depart_name AS name FROM sys_depart
        WHERE tenant_id = ${tenantId} AND org_code = ${body.addresseeOrgCode} AND del_flag = 0`);
      const name = r.rows[0]?.name;
      if (!name) throw badRequest(M.departUnknown);
      return {
        addresseeOrgCode: body.addresseeOrgCode,
        supplierId: null,
        addresseeName: name,
        sysOrgCode: body.addresseeOrgCode ?? '',
      };
    }
    const [s] = await tx
      .select({ id: supplier.id, name: supplier.name })
      .from(supplier)
      .where(and(eq(supplier.id, body.supplierId ?? ''), eq(supplier.tenantId, tenantId), eq(supplier.delFlag, 0)));
    if (!s) throw badRequest(M.supplierUnknown);
    return { addresseeOrgCode: null, supplierId: s.id, addresseeName: s.name, sysOrgCode: inspectionOrg };
  }

  async function nextNo(tx: DbOrTx, tenantId: number): Promise<string> {
    const day = beijingToday().replaceAll('-', '');
    const [r] = await tx
      .select({ n: count() })
      .from(rect)
      .where(and(eq(rect.tenantId, tenantId), ilike(rect.rectNo, `ZG-${day}-%`)));
    for (let n = (r?.n ?? 0) + 1; ; n++) {
      const no = `ZG-${day}-${String(n).padStart(4, '0')}`;
      const [taken] = await tx
        .select({ id: rect.id })
        .from(rect)
        .where(and(eq(rect.tenantId, tenantId), eq(rect.rectNo, no)));
      if (!taken) return no;
    }
  }

  /** The addressee's answer (text + evidence): 待整改 → 已整改待复核; the inspector is told. */
  async function answerRow(tx: DbOrTx, r: Row, actor: SupervisionActor, body: RectificationAnswerInput) {
    if (!canRectify('answer', r.state)) throw badRequest(M.stateRefused('提交整改', stateLabel(r.state)));
    const files = await tenantFiles(tx, actor.tenantId, body.files);
    const [row] = await tx
      .update(rect)
      .set({
        state: 'answered',
        answer: body.answer,
        answerFiles: files,
        answeredBy: actor.username,
        answeredAt: new Date(),
        updateBy: actor.username,
        updateTime: new Date(),
      })
      .where(eq(rect.id, r.id))
      .returning();
    await logStep(tx, r, 'answer', 'pending', 'answered', actor.username, body.answer, files);
    await bellRectification(
      tx,
      row ?? r,
      { inspector: true },
      '整改已提交待复核',
      `${r.addresseeName}已提交整改，请复核。`,
    );
  }

  // The review's outcome, in the deciding action's transaction: approved → 已关闭; rejected → 退回 (待整改 again,
  // the addressee answers anew); withdrawn/terminated → stays 已整改待复核 (the inspector may submit again or return it).
  workflow?.registerHandler(RECTIFICATION_WORKFLOW, {
    async onStatus(tx, event) {
      const [r] = await tx
        .select()
        .from(rect)
        .where(and(eq(rect.id, event.businessKey), eq(rect.tenantId, event.tenantId)))
        .for('update');
      if (r?.state !== 'answered') return;
      const approvalStatus = String(event.approvalStatus);
      const by = actorName(event.actor);
      if (event.outcome === 'approved') {
        await tx
          .update(rect)
          .set({ state: 'closed', approvalStatus, closedAt: new Date(), updateBy: by, updateTime: new Date() })
          .where(eq(rect.id, r.id));
        await logStep(tx, r, 'approve', 'answered', 'closed', by, event.comment);
        await bellRectification(
          tx,
          r,
          { addressee: true, inspector: true },
          '整改已关闭',
          '整改复核通过，整改单已关闭。',
        );
      } else if (event.outcome === 'rejected') {
        await tx
          .update(rect)
          .set({
            state: 'pending',
            approvalStatus,
            returnCount: r.returnCount + 1,
            updateBy: by,
            updateTime: new Date(),
          })
          .where(eq(rect.id, r.id));
        await logStep(tx, r, 'giveBack', 'answered', 'pending', by, event.comment ?? '复核未通过');
        await bellRectification(
          tx,
          r,
          { addressee: true },
          '整改被退回',
          `复核未通过：${event.comment ?? '请重新整改'}`,
        );
      } else {
        await tx.update(rect).set({ approvalStatus }).where(eq(rect.id, r.id));
      }
    },
  });

  return {
    list: (actor: SupervisionActor, q: RectificationListQuery) => listOf(and(staffScope(actor), filters(q)), q),

    queryById: (actor: SupervisionActor, id: string) => detail(and(staffScope(actor), eq(rect.id, id))),

    /** 发起整改 on a finding of an inspection in the caller's scope. */
    add(actor: SupervisionActor, body: RectificationAddInput): Promise<RectificationDto> {
      return db.transaction(async (tx) => {
        if (body.deadline < beijingToday()) throw badRequest(M.deadlinePast);
        const [f] = await tx
          .select({ f: supervisionFinding, i: supervisionInspection })
          .from(supervisionFinding)
          .innerJoin(supervisionInspection, eq(supervisionInspection.id, supervisionFinding.inspectionId))
          .where(
            and(
              eq(supervisionFinding.id, body.findingId),
              eq(supervisionInspection.tenantId, actor.tenantId),
              eq(supervisionInspection.delFlag, 0),
              scopeFilter(actor.scope, supervisionInspection.sysOrgCode),
            ),
          );
        if (!f) throw notFound(M.findingNotFound);
        const to = await addressee(tx, actor.tenantId, body, f.i.sysOrgCode);
        const [row] = await tx
          .insert(rect)
          .values({
            tenantId: actor.tenantId,
            rectNo: await nextNo(tx, actor.tenantId),
            inspectionId: f.i.id,
            findingId: f.f.id,
            addresseeType: body.addresseeType,
            ...to,
            deadline: body.deadline,
            requirement: body.requirement,
            inspectorUserId: actor.userId,
            createBy: actor.username,
          })
          .returning();
        if (!row) throw badRequest(M.rectificationNotFound);
        await logStep(tx, row, 'raise', null, 'pending', actor.username, body.requirement);
        const kind = RECTIFICATION_ADDRESSEES[body.addresseeType as RectificationAddressee];
        await bellRectification(
          tx,
          row,
          { addressee: true },
          '整改通知',
          `检查发现（${FINDING_SEVERITIES[f.f.severity as FindingSeverity]}）：${f.f.description}。请于${body.deadline}前完成整改（整改对象：${kind}${to.addresseeName}）。`,
        );
        return rectificationDto({
          r: row,
          inspectionTitle: f.i.title,
          findingDescription: f.f.description,
          severity: f.f.severity,
        });
      });
    },

    /** A department's answer on the staff page: only users of the addressed department (or a parent of it). */
    answer(actor: SupervisionActor, body: RectificationAnswerInput): Promise<void> {
      return db.transaction(async (tx) => {
        const r = await lockStaff(tx, actor, body.id);
        if (r.addresseeType !== 'depart' || !r.addresseeOrgCode) throw forbidden(M.notAddressee);
        const mine = await tx.execute<{ ok: boolean }>(sql`
          SELECT EXISTS (SELECT 1 FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id
            WHERE ud.user_id = ${actor.userId} AND d.tenant_id = ${actor.tenantId} AND d.del_flag = 0
              AND ${r.addresseeOrgCode} LIKE replace(replace(d.org_code, '%', '\\%'), '_', '\\_') || '%') AS ok`);
        if (!mine.rows[0]?.ok) throw forbidden(M.notAddressee);
        await answerRow(tx, r, actor, body);
      });
    },

    /** 复核通过: the inspector submits the answered order to the `rectification` approval. */
    review(actor: SupervisionActor, id: string, comment: string | null): Promise<RectificationDto> {
      return db
        .transaction(async (tx) => {
          const r = await lockStaff(tx, actor, id);
          await assertInspector(tx, actor, r);
          if (!canRectify('review', r.state, r.approvalStatus)) {
            throw badRequest(M.stateRefused('提交复核', stateLabel(r.state)));
          }
          if (!workflow) throw badRequest('审批流程未启用');
          const txDb = tx as unknown as Db;
          const variables = { addresseeType: r.addresseeType, returnCount: r.returnCount };
          await logStep(tx, r, 'review', 'answered', 'answered', actor.username, comment);
          const started =
            r.instanceId && r.approvalStatus === String(APPROVAL_STATUS.rejected)
              ? await workflow.resubmit(txDb, {
                  tenantId: actor.tenantId,
                  actor: { id: actor.userId, username: actor.username },
                  businessType: RECTIFICATION_WORKFLOW,
                  businessKey: r.id,
                  variables,
                })
              : await workflow.start(txDb, {
                  tenantId: actor.tenantId,
                  initiator: { id: actor.userId, username: actor.username },
                  businessType: RECTIFICATION_WORKFLOW,
                  businessKey: r.id,
                  title: `整改关闭复核「${r.rectNo}」${r.addresseeName}`,
                  variables,
                });
          // An auto-approved process has already closed it through the handler: keep that.
          const [now] = await tx.select().from(rect).where(eq(rect.id, r.id));
          await tx
            .update(rect)
            .set({
              instanceId: started.instanceId,
              ...(now?.state === 'answered' ? { approvalStatus: String(started.approvalStatus) } : {}),
            })
            .where(eq(rect.id, r.id));
          return r.id;
        })
        .then((rid) => detail(and(staffScope(actor), eq(rect.id, rid))));
    },

    /** 退回 by the inspector with a reason: 已整改待复核 → 待整改 (not while the review is in approval). */
    giveBack(actor: SupervisionActor, id: string, reason: string): Promise<void> {
      return db.transaction(async (tx) => {
        const r = await lockStaff(tx, actor, id);
        await assertInspector(tx, actor, r);
        if (!canRectify('giveBack', r.state, r.approvalStatus)) {
          throw badRequest(
            M.stateRefused('退回', IN_APPROVAL.includes(r.approvalStatus) ? '复核审批中' : stateLabel(r.state)),
          );
        }
        await tx
          .update(rect)
          .set({ state: 'pending', returnCount: r.returnCount + 1, updateBy: actor.username, updateTime: new Date() })
          .where(eq(rect.id, r.id));
        await logStep(tx, r, 'giveBack', 'answered', 'pending', actor.username, reason);
        await bellRectification(tx, r, { addressee: true }, '整改被退回', `退回原因：${reason}`);
      });
    },

    exportList(actor: SupervisionActor, q: Filter): ListExport<RectificationDto> {
      const w = and(staffScope(actor), filters(q));
      return {
        sheetName: '整改单',
        columns: [
          { header: '整改单号', width: 20, value: (r) => r.rectNo },
          { header: '检查名称', width: 28, value: (r) => r.inspectionTitle },
          { header: '问题描述', width: 36, value: (r) => r.findingDescription },
          { header: '严重程度', width: 10, value: (r) => FINDING_SEVERITIES[r.severity] ?? r.severity },
          { header: '整改对象', width: 24, value: (r) => r.addresseeName },
          { header: '整改期限', width: 12, value: (r) => r.deadline },
          { header: '状态', width: 14, value: (r) => stateLabel(r.state) },
          { header: '是否逾期', width: 10, value: (r) => (r.overdue ? '是' : '否') },
        ],
        page: async (offset, limit) => (await pageOf(w, q, offset, limit)).map(rectificationDto),
      };
    },

    async supplierList(actor: SupervisionActor, q: RectificationListQuery) {
      const me = await ownSupplier(actor);
      return listOf(and(supplierScope(actor.tenantId, me.id), filters(q)), q);
    },

    async supplierQueryById(actor: SupervisionActor, id: string) {
      const me = await ownSupplier(actor);
      return detail(and(supplierScope(actor.tenantId, me.id), eq(rect.id, id)));
    },

    async supplierAnswer(actor: SupervisionActor, body: RectificationAnswerInput): Promise<void> {
      const me = await ownSupplier(actor);
      await db.transaction(async (tx) => {
        const [r] = await tx
          .select()
          .from(rect)
          .where(and(supplierScope(actor.tenantId, me.id), eq(rect.id, body.id)))
          .for('update');
        if (!r) throw notFound(M.rectificationNotFound);
        await answerRow(tx, r, actor, body);
      });
    },
  };
}

export type RectificationService = ReturnType<typeof createRectificationService>;
