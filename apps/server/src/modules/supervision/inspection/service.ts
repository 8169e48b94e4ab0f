/**
 * 检查管理 (issue 17 §2): inspections of a project, package, contract or supplier, in the tenant and the caller's
 * data scope (the row's sys_org_code: the target's department, or the creator's for a supplier), and their
 * findings with evidence uploads (checked against sys_file of the tenant).
 */
import {
  type FindingAddInput,
  type FindingDto,
  INSPECTION_STATES,
  INSPECTION_TARGET_TYPES,
  type InspectionAddInput,
  type InspectionDto,
  type InspectionEditInput,
  type InspectionListQuery,
  type InspectionTargetType,
  SUPERVISION_MESSAGES as M,
  type PageResult,
} from '@aps/shared';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { ListExport } from '../../platform/excel/export.ts';
import { scopeFilter } from '../../platform/permission/data-scope.ts';
import { sysUser } from '../../platform/system/tables.ts';
import { tenantFiles } from '../../procurement/files.ts';
import type { PlanActor } from '../../procurement/plan/service.ts';
import { supervisionRectification } from '../rectification/tables.ts';
import { findingDto, inspectionDto } from './dto.ts';
import { supervisionInspection as inspection, supervisionFinding } from './tables.ts';

export type SupervisionActor = PlanActor;
type Filter = Omit<InspectionListQuery, 'pageNo' | 'pageSize'>;
type InspectionRow = typeof inspection.$inferSelect;

/** The target's name and department, read by type from a fixed statement per type (never from request text). */
export async function resolveTarget(
  db: DbOrTx,
  tenantId: number,
  type: InspectionTargetType,
  id: string,
): Promise<{ name: string; orgCode: string | null }> {
  const statements: Record<InspectionTargetType, SQL> = {
    project: sql`SELECT purchase_name AS name, sys_org_code AS org FROM purchase_project WHERE id = ${id} AND tenant_id = ${tenantId}`,
    package: sql`SELECT purchase_name || '（' || package_name || '）' AS name, sys_org_code AS org
      FROM purchase_package WHERE id = ${id} AND tenant_id = ${tenantId}`,
    contract: sql`SELECT contract_no || ' ' || name AS name, sys_org_code AS org FROM contract WHERE id = ${id} AND tenant_id = ${tenantId}`,
    supplier: sql`SELECT name, NULL AS org FROM supplier WHERE id = ${id} AND tenant_id = ${tenantId} AND del_flag = 0`,
  };
  const r = await db.execute<{ name: string; org: string | null }>(statements[type]);
  const row = r.rows[0];
  if (!row) throw notFound(M.targetNotFound);
  return { name: row.name, orgCode: row.org };
}

const SORT = {
  createTime: inspection.createTime,
  plannedStart: inspection.plannedStart,
  title: inspection.title,
  state: inspection.state,
} as const;

export function createInspectionService({ db }: { db: Db }) {
  const scope = (actor: SupervisionActor) =>
    and(
      eq(inspection.tenantId, actor.tenantId),
      eq(inspection.delFlag, 0),
      scopeFilter(actor.scope, inspection.sysOrgCode),
    );
  const filters = (q: Filter) =>
    and(
      q.title ? ilike(inspection.title, `%${escapeLike(q.title)}%`) : undefined,
      q.targetType ? eq(inspection.targetType, q.targetType) : undefined,
      q.targetId ? eq(inspection.targetId, q.targetId) : undefined,
      q.state ? eq(inspection.state, q.state) : undefined,
    );
  const findingCount = sql<number>`(SELECT count(*)::int FROM supervision_finding f WHERE f.inspection_id = supervision_inspection.id)`;
  const pageOf = (w: SQL | undefined, q: Filter, offset: number, limit: number) => {
    const col = SORT[q.column ?? 'createTime'];
    const dir = q.order === 'asc' ? asc : desc;
    return db
      .select({ row: inspection, findings: findingCount })
      .from(inspection)
      .where(w)
      .orderBy(dir(col), desc(inspection.id))
      .offset(offset)
      .limit(limit);
  };

  async function namesOf(rows: InspectionRow[]): Promise<Map<string, string>> {
    const ids = [...new Set(rows.flatMap((r) => r.inspectorIds))];
    if (!ids.length) return new Map();
    const users = await db
      .select({ id: sysUser.id, name: sysUser.realname, username: sysUser.username })
      .from(sysUser)
      .where(inArray(sysUser.id, ids));
    return new Map(users.map((u) => [u.id, u.name || u.username]));
  }
  const toDtos = async (rows: { row: InspectionRow; findings: number }[]) => {
    const names = await namesOf(rows.map((r) => r.row));
    return rows.map((r) => inspectionDto(r.row, r.findings, names));
  };

  async function get(tx: DbOrTx, actor: SupervisionActor, id: string, lock = false): Promise<InspectionRow> {
    const q = tx
      .select()
      .from(inspection)
      .where(and(scope(actor), eq(inspection.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound(M.inspectionNotFound);
    return row;
  }

  async function checkInspectors(tx: DbOrTx, tenantId: number, ids: string[]) {
    const unique = [...new Set(ids)];
    const r = await tx.execute<{ n: number }>(sql`
      SELECT count(DISTINCT u.id)::int AS n FROM sys_user u JOIN sys_user_tenant t ON t.user_id = u.id
      WHERE u.id IN (${sql.join(
        unique.map((i) => sql`${i}::uuid`),
        sql`, `,
      )}) AND t.tenant_id = ${tenantId} AND u.del_flag = 0`);
    if ((r.rows[0]?.n ?? 0) !== unique.length) throw badRequest(M.inspectorUnknown);
    return unique;
  }

  async function fields(tx: DbOrTx, actor: SupervisionActor, body: InspectionAddInput) {
    const target = await resolveTarget(tx, actor.tenantId, body.targetType as InspectionTargetType, body.targetId);
    return {
      title: body.title,
      targetType: body.targetType,
      targetId: body.targetId,
      targetName: target.name,
      sysOrgCode: target.orgCode ?? actor.orgCode ?? '',
      signal: body.signal,
      scope: body.scope,
      inspectorIds: await checkInspectors(tx, actor.tenantId, body.inspectorIds),
      plannedStart: body.plannedStart,
      plannedEnd: body.plannedEnd,
      actualStart: body.actualStart,
      actualEnd: body.actualEnd,
      state: body.state,
    };
  }

  const findingsOf = async (inspectionId: string): Promise<FindingDto[]> => {
    const rows = await db
      .select({
        f: supervisionFinding,
        rect: sql<string | null>`(SELECT r.id::text FROM supervision_rectification r
          WHERE r.finding_id = supervision_finding.id ORDER BY r.create_time DESC LIMIT 1)`,
      })
      .from(supervisionFinding)
      .where(eq(supervisionFinding.inspectionId, inspectionId))
      .orderBy(asc(supervisionFinding.createTime), asc(supervisionFinding.id));
    return rows.map((r) => findingDto(r.f, r.rect));
  };

  return {
    get,

    async list(actor: SupervisionActor, q: InspectionListQuery): Promise<PageResult<InspectionDto>> {
      const w = and(scope(actor), filters(q));
      const page = await fetchPage(
        q,
        db.select({ n: count() }).from(inspection).where(w),
        (o, l) => pageOf(w, q, o, l),
        (r) => r,
      );
      return { ...page, records: await toDtos(page.records) };
    },

    async queryById(actor: SupervisionActor, id: string): Promise<InspectionDto> {
      const row = await get(db, actor, id);
      const findings = await findingsOf(id);
      const [dto] = await toDtos([{ row, findings: findings.length }]);
      return { ...(dto as InspectionDto), findings };
    },

    target: (actor: SupervisionActor, type: InspectionTargetType, id: string) =>
      resolveTarget(db, actor.tenantId, type, id),

    add(actor: SupervisionActor, body: InspectionAddInput): Promise<InspectionDto> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(inspection)
          .values({ tenantId: actor.tenantId, ...(await fields(tx, actor, body)), createBy: actor.username })
          .returning();
        if (!row) throw badRequest(M.inspectionNotFound);
        return inspectionDto(row, 0, new Map());
      });
    },

    edit(actor: SupervisionActor, body: InspectionEditInput): Promise<InspectionDto> {
      return db.transaction(async (tx) => {
        const old = await get(tx, actor, body.id, true);
        const [row] = await tx
          .update(inspection)
          .set({ ...(await fields(tx, actor, body)), updateBy: actor.username, updateTime: new Date() })
          .where(eq(inspection.id, old.id))
          .returning();
        return inspectionDto(row ?? old, 0, new Map());
      });
    },

    remove(actor: SupervisionActor, id: string): Promise<void> {
      return db.transaction(async (tx) => {
        const row = await get(tx, actor, id, true);
        const [raised] = await tx
          .select({ id: supervisionRectification.id })
          .from(supervisionRectification)
          .where(eq(supervisionRectification.inspectionId, row.id))
          .limit(1);
        if (raised) throw badRequest(M.inspectionDeleteRefused);
        await tx
          .update(inspection)
          .set({ delFlag: 1, updateBy: actor.username, updateTime: new Date() })
          .where(eq(inspection.id, row.id));
      });
    },

    addFinding(actor: SupervisionActor, body: FindingAddInput): Promise<FindingDto> {
      return db.transaction(async (tx) => {
        const i = await get(tx, actor, body.inspectionId, true);
        const [row] = await tx
          .insert(supervisionFinding)
          .values({
            tenantId: actor.tenantId,
            inspectionId: i.id,
            description: body.description,
            severity: body.severity,
            evidence: await tenantFiles(tx, actor.tenantId, body.evidence),
            createBy: actor.username,
          })
          .returning();
        if (!row) throw badRequest(M.findingNotFound);
        // Recording a finding means the inspection is under way.
        if (i.state === 'planned') {
          await tx.update(inspection).set({ state: 'inspecting' }).where(eq(inspection.id, i.id));
        }
        return findingDto(row, null);
      });
    },

    removeFinding(actor: SupervisionActor, id: string): Promise<void> {
      return db.transaction(async (tx) => {
        const [f] = await tx
          .select()
          .from(supervisionFinding)
          .where(and(eq(supervisionFinding.id, id), eq(supervisionFinding.tenantId, actor.tenantId)));
        if (!f) throw notFound(M.findingNotFound);
        await get(tx, actor, f.inspectionId, true);
        const [raised] = await tx
          .select({ id: supervisionRectification.id })
          .from(supervisionRectification)
          .where(eq(supervisionRectification.findingId, f.id))
          .limit(1);
        if (raised) throw badRequest(M.inspectionDeleteRefused);
        await tx.delete(supervisionFinding).where(eq(supervisionFinding.id, f.id));
      });
    },

    exportList(actor: SupervisionActor, q: Filter): ListExport<InspectionDto> {
      const w = and(scope(actor), filters(q));
      return {
        sheetName: '检查记录',
        columns: [
          { header: '检查名称', width: 30, value: (r) => r.title },
          { header: '检查对象', width: 30, value: (r) => r.targetName },
          { header: '检查范围', width: 30, value: (r) => r.scope ?? '' },
          { header: '检查人员', width: 20, value: (r) => r.inspectorNames.join('、') },
          { header: '计划开始', width: 14, value: (r) => r.plannedStart ?? '' },
          { header: '计划结束', width: 14, value: (r) => r.plannedEnd ?? '' },
          { header: '状态', width: 10, value: (r) => INSPECTION_STATES[r.state] },
          { header: '对象类型', width: 10, value: (r) => INSPECTION_TARGET_TYPES[r.targetType] },
          { header: '发现问题数', width: 12, value: (r) => r.findingCount },
        ],
        page: async (offset, limit) => toDtos(await pageOf(w, q, offset, limit)),
      };
    },
  };
}

export type InspectionService = ReturnType<typeof createInspectionService>;
