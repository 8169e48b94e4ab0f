import {
  EXPERT_IMPORT_EXISTING,
  EXPERT_USER_END,
  type ExcelImportResult,
  type ExpertAddRequest,
  type ExpertEditRequest,
  type ExpertListQuery,
  type ExpertProfileDto,
  type ExpertUserOption,
  expertImportRowSchema,
  formatDateTime,
  REVIEW_MESSAGES as M,
  MEMBER_OUT_STATES,
  type PageResult,
} from '@aps/shared';
import { and, count, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { sysCategory } from '../../platform/category/tables.ts';
import { type Actor, containsPattern, orderOf } from '../../platform/dict/kit.ts';
import type { createExcelImporter, UploadedFile } from '../../platform/excel/import.ts';
import { sysUser, sysUserTenant } from '../../platform/system/tables.ts';
import { reviewMember } from '../review/tables.ts';
import { supplier } from '../supplier/tables.ts';
import { IMPORT_HEADERS, REQUIRED_HEADERS, rowToInput } from './excel.ts';
import { expertProfile } from './tables.ts';

/** The expert pool (专家库, issue 15 §1): one profile per expert user (userEnd 2) of the tenant. */
export interface ExpertService {
  list(tenantId: number, query: ExpertListQuery): Promise<PageResult<ExpertProfileDto>>;
  byId(tenantId: number, id: string): Promise<ExpertProfileDto>;
  add(actor: Actor, input: ExpertAddRequest): Promise<ExpertProfileDto>;
  edit(actor: Actor, input: ExpertEditRequest): Promise<ExpertProfileDto>;
  remove(actor: Actor, ids: string[]): Promise<number>;
  importFiles(actor: Actor, files: UploadedFile[]): Promise<ExcelImportResult>;
  /** Expert-end users of the tenant without a live profile, matching the keyword (name or username). */
  candidates(tenantId: number, keyword: string | undefined): Promise<ExpertUserOption[]>;
}

/** How many users the picker offers at once (it searches as one types). */
const CANDIDATE_LIMIT = 50;
/** sys_user.user_end holds the user's ends comma-joined ('2', '1,2'). */
const hasExpertEnd = sql`${EXPERT_USER_END} = ANY(string_to_array(${sysUser.userEnd}, ','))`;

type Profile = typeof expertProfile.$inferSelect;
type Row = { p: Profile; username: string; realname: string; phone: string | null };
type ProfileFields = Omit<ExpertAddRequest, 'userId'>;

const SORT = { createTime: expertProfile.createTime, realname: sysUser.realname, employer: expertProfile.employer };
const live = eq(expertProfile.delFlag, 0);

export function createExpertService({
  db,
  importExcel,
}: {
  db: Db;
  importExcel: ReturnType<typeof createExcelImporter>;
}): ExpertService {
  const select = () =>
    db
      .select({ p: expertProfile, username: sysUser.username, realname: sysUser.realname, phone: sysUser.phone })
      .from(expertProfile)
      .innerJoin(sysUser, eq(sysUser.id, expertProfile.userId));

  /** The names of the tenant's category codes (the list shows 专业 by name). */
  async function categoryNames(tenantId: number, codes: string[]): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map();
    const rows = await db
      .select({ code: sysCategory.code, name: sysCategory.name })
      .from(sysCategory)
      .where(and(eq(sysCategory.tenantId, tenantId), inArray(sysCategory.code, [...new Set(codes)])));
    return new Map(rows.map((r) => [r.code, r.name]));
  }

  async function toDtos(tenantId: number, rows: Row[]): Promise<ExpertProfileDto[]> {
    const names = await categoryNames(
      tenantId,
      rows.flatMap((r) => r.p.specialities),
    );
    return rows.map(({ p, username, realname, phone }) => ({
      id: p.id,
      userId: p.userId,
      username,
      realname,
      phone,
      specialities: p.specialities,
      specialityNames: p.specialities.map((c) => names.get(c) ?? c),
      region: p.region,
      title: p.title,
      employer: p.employer,
      avoidSupplierIds: p.avoidSupplierIds,
      avoidCompanies: p.avoidCompanies,
      status: p.status as ExpertProfileDto['status'],
      remarks: p.remarks,
      createTime: formatDateTime(p.createTime) ?? '',
    }));
  }

  async function byId(tenantId: number, id: string): Promise<ExpertProfileDto> {
    const rows = await select().where(and(eq(expertProfile.tenantId, tenantId), eq(expertProfile.id, id), live));
    if (!rows.length) throw notFound(M.expertNotFound);
    return (await toDtos(tenantId, rows))[0] as ExpertProfileDto;
  }

  /** The user must be a live expert-end user (userEnd 2) of this tenant. */
  async function checkUser(q: Db | Tx, tenantId: number, userId: string): Promise<void> {
    const [user] = await q
      .select({ userEnd: sysUser.userEnd })
      .from(sysUser)
      .innerJoin(sysUserTenant, and(eq(sysUserTenant.userId, sysUser.id), eq(sysUserTenant.tenantId, tenantId)))
      .where(and(eq(sysUser.id, userId), eq(sysUser.delFlag, 0)));
    if (!user) throw badRequest(M.expertUserUnknown);
    if (!user.userEnd.split(',').includes(EXPERT_USER_END)) throw badRequest(M.expertUserEnd);
  }

  /** Specialities are codes of the tenant's category tree; avoided suppliers are the tenant's live suppliers. */
  async function checkFields(q: Db | Tx, tenantId: number, input: ProfileFields): Promise<void> {
    const known = await q
      .select({ code: sysCategory.code })
      .from(sysCategory)
      .where(and(eq(sysCategory.tenantId, tenantId), inArray(sysCategory.code, input.specialities)));
    const have = new Set(known.map((r) => r.code));
    const unknown = input.specialities.find((c) => !have.has(c));
    if (unknown) throw badRequest(M.expertSpecialityUnknown(unknown));
    if (input.avoidSupplierIds.length) {
      const [found] = await q
        .select({ n: count() })
        .from(supplier)
        .where(
          and(eq(supplier.tenantId, tenantId), eq(supplier.delFlag, 0), inArray(supplier.id, input.avoidSupplierIds)),
        );
      if ((found?.n ?? 0) !== input.avoidSupplierIds.length) throw badRequest(M.expertAvoidSupplierUnknown);
    }
  }

  const values = (input: ProfileFields) => ({
    specialities: input.specialities,
    region: input.region,
    title: input.title,
    employer: input.employer,
    avoidSupplierIds: input.avoidSupplierIds,
    avoidCompanies: input.avoidCompanies,
    status: input.status,
    remarks: input.remarks,
  });

  /**
   * Adds the profile, or revives the user's deleted one (the unique index on tenant and user is total, because
   * committee members keep referring to a deleted profile). A live profile refuses a second one.
   */
  async function upsert(tx: Tx, actor: Actor, userId: string, input: ProfileFields): Promise<string> {
    const [existing] = await tx
      .select({ id: expertProfile.id, delFlag: expertProfile.delFlag })
      .from(expertProfile)
      .where(and(eq(expertProfile.tenantId, actor.tenantId), eq(expertProfile.userId, userId)))
      .for('update');
    if (existing && existing.delFlag === 0) throw badRequest(M.expertExists);
    if (existing) {
      await tx
        .update(expertProfile)
        .set({
          ...values(input),
          delFlag: 0,
          createBy: actor.username,
          createTime: new Date(),
          updateBy: actor.username,
          updateTime: new Date(),
        })
        .where(eq(expertProfile.id, existing.id));
      return existing.id;
    }
    const [row] = await tx
      .insert(expertProfile)
      .values({ tenantId: actor.tenantId, userId, createBy: actor.username, ...values(input) })
      .returning({ id: expertProfile.id });
    return (row as { id: string }).id;
  }

  return {
    async list(tenantId, q) {
      const filters: (SQL | undefined)[] = [eq(expertProfile.tenantId, tenantId), live];
      if (q.realname) {
        const pattern = containsPattern(q.realname);
        filters.push(or(ilike(sysUser.realname, pattern), ilike(sysUser.username, pattern)));
      }
      if (q.employer) filters.push(ilike(expertProfile.employer, containsPattern(q.employer)));
      if (q.region) filters.push(ilike(expertProfile.region, containsPattern(q.region)));
      if (q.speciality) filters.push(sql`${q.speciality} = ANY(${expertProfile.specialities})`);
      if (q.status) filters.push(eq(expertProfile.status, q.status));
      const where = and(...filters);
      const page = await fetchPage(
        q,
        db
          .select({ n: count() })
          .from(expertProfile)
          .innerJoin(sysUser, eq(sysUser.id, expertProfile.userId))
          .where(where),
        (offset, limit) =>
          select()
            .where(where)
            .orderBy(...orderOf(SORT, q, 'createTime', expertProfile.id))
            .offset(offset)
            .limit(limit),
        (r: Row) => r,
      );
      return { ...page, records: await toDtos(tenantId, page.records) };
    },

    byId,

    async add(actor, input) {
      const { userId, ...fields } = input;
      const id = await db.transaction(async (tx) => {
        await checkUser(tx, actor.tenantId, userId);
        await checkFields(tx, actor.tenantId, fields);
        return upsert(tx, actor, userId, fields);
      });
      return byId(actor.tenantId, id);
    },

    async edit(actor, input) {
      const { id, userId, ...fields } = input;
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ userId: expertProfile.userId })
          .from(expertProfile)
          .where(and(eq(expertProfile.tenantId, actor.tenantId), eq(expertProfile.id, id), live))
          .for('update');
        if (!current) throw notFound(M.expertNotFound);
        // The profile belongs to its user: moving it would hand the user's tasks' profile to someone else.
        if (current.userId !== userId) throw badRequest(M.expertExists);
        await checkFields(tx, actor.tenantId, fields);
        await tx
          .update(expertProfile)
          .set({ ...values(fields), updateBy: actor.username, updateTime: new Date() })
          .where(eq(expertProfile.id, id));
      });
      return byId(actor.tenantId, id);
    },

    async remove(actor, ids) {
      return db.transaction(async (tx) => {
        const [busy] = await tx
          .select({ n: count() })
          .from(reviewMember)
          .where(
            and(
              eq(reviewMember.tenantId, actor.tenantId),
              inArray(reviewMember.expertId, ids),
              notInArray(reviewMember.state, ['done', ...MEMBER_OUT_STATES]),
            ),
          );
        if ((busy?.n ?? 0) > 0) throw badRequest(M.expertHasTasks);
        const removed = await tx
          .update(expertProfile)
          .set({ delFlag: 1, updateBy: actor.username, updateTime: new Date() })
          .where(and(eq(expertProfile.tenantId, actor.tenantId), inArray(expertProfile.id, ids), live))
          .returning({ id: expertProfile.id });
        if (removed.length === 0) throw notFound(M.expertNotFound);
        return removed.length;
      });
    },

    async candidates(tenantId, keyword) {
      const filters: (SQL | undefined)[] = [eq(sysUser.delFlag, 0), hasExpertEnd];
      if (keyword) {
        const pattern = containsPattern(keyword);
        filters.push(or(ilike(sysUser.realname, pattern), ilike(sysUser.username, pattern)));
      }
      return db
        .select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname })
        .from(sysUser)
        .innerJoin(sysUserTenant, and(eq(sysUserTenant.userId, sysUser.id), eq(sysUserTenant.tenantId, tenantId)))
        .where(
          and(
            ...filters,
            sql`NOT EXISTS (SELECT 1 FROM ${expertProfile} WHERE ${expertProfile.userId} = ${sysUser.id}
                AND ${expertProfile.tenantId} = ${tenantId} AND ${expertProfile.delFlag} = 0)`,
          ),
        )
        .orderBy(sysUser.username)
        .limit(CANDIDATE_LIMIT);
    },

    async importFiles(actor, files) {
      const rowOfUser = new Map<string, number>();
      type Data = z.output<typeof expertImportRowSchema>;
      type Insert = { userId: string; fields: ProfileFields };
      return importExcel<Data, Insert>(actor, files, {
        title: '专家库',
        headers: IMPORT_HEADERS,
        requiredHeaders: REQUIRED_HEADERS,
        schema: expertImportRowSchema,
        toInput: rowToInput,
        existingRows: EXPERT_IMPORT_EXISTING,
        prepare: async ({ username, ...fields }, row) => {
          const earlier = rowOfUser.get(username);
          if (earlier !== undefined) return { error: `与第${earlier}行的用户账号重复` };
          rowOfUser.set(username, row.rowNumber);
          const [user] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
          if (!user) return { error: M.expertUserUnknown };
          try {
            await checkUser(db, actor.tenantId, user.id);
            await checkFields(db, actor.tenantId, fields);
          } catch (err) {
            if (err instanceof ApiError) return { error: err.message };
            throw err;
          }
          return { userId: user.id, fields };
        },
        insert: async (tx, rows) => {
          let updated = 0;
          for (const { userId, fields } of rows) {
            const [live] = await tx
              .update(expertProfile)
              .set({ ...values(fields), updateBy: actor.username, updateTime: new Date() })
              .where(
                and(
                  eq(expertProfile.tenantId, actor.tenantId),
                  eq(expertProfile.userId, userId),
                  eq(expertProfile.delFlag, 0),
                ),
              )
              .returning({ id: expertProfile.id });
            if (live) updated++;
            else await upsert(tx, actor, userId, fields);
          }
          return updated;
        },
      });
    },
  };
}
