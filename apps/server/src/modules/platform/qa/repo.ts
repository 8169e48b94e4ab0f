import {
  QA_SUPER_QUERY_FIELDS,
  QA_USE_TYPE,
  type QaSortColumn,
  type SuperQueryCondition,
  type SuperQueryMatchType,
} from '@aps/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { escapeLike, superQueryColumns, superQueryWhere } from '../../../core/super-query.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { sysUser } from '../system/tables.ts';
import { qaQuestionsAndAnswers as qa } from './tables.ts';

export type QaRow = typeof qa.$inferSelect;
export type QaInsert = typeof qa.$inferInsert;

/** Sort columns by their wire name: `column` only ever picks from this map (an allow-list). */
const SORT_COLUMNS: Record<QaSortColumn, typeof qa.createTime | typeof qa.displayOrder | typeof qa.updateTime> = {
  createTime: qa.createTime,
  updateTime: qa.updateTime,
  displayOrder: qa.displayOrder,
};

export interface QaFilter {
  tenantId: number;
  keyword?: string | undefined;
  useType?: string | undefined;
  qaType?: string | undefined;
  ids?: string[] | undefined;
  /** The advanced query (§3/§5), over QA_COLUMNS only. */
  superQuery?: { lines?: SuperQueryCondition[] | undefined; matchType?: SuperQueryMatchType | undefined } | undefined;
}

/** The FAQ list's allow-list for the advanced query. */
const QA_COLUMNS = superQueryColumns(QA_SUPER_QUERY_FIELDS, {
  questionContent: qa.questionContent,
  answerContent: qa.answerContent,
  useType: qa.useType,
  qaType: qa.qaType,
  displayOrder: qa.displayOrder,
  createBy: qa.createBy,
  createTime: qa.createTime,
});

export interface QaSort {
  column?: QaSortColumn | undefined;
  order?: 'asc' | 'desc' | undefined;
}

function where(f: QaFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(qa.tenantId, f.tenantId), eq(qa.delState, 0)];
  if (f.keyword) {
    const pattern = `%${escapeLike(f.keyword)}%`;
    parts.push(or(ilike(qa.questionContent, pattern), ilike(qa.answerContent, pattern)));
  }
  if (f.useType) parts.push(eq(qa.useType, f.useType));
  if (f.qaType) parts.push(eq(qa.qaType, f.qaType));
  if (f.ids) parts.push(f.ids.length ? inArray(qa.id, f.ids) : sql`false`);
  if (f.superQuery) parts.push(superQueryWhere(f.superQuery.lines, f.superQuery.matchType, QA_COLUMNS));
  return and(...parts);
}

/** Default createTime desc (§7); ties broken by id so that pages never overlap. */
function orderBy({ column = 'createTime', order }: QaSort) {
  const direction = (order ?? (column === 'displayOrder' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const extra = column === 'createTime' ? [] : [desc(qa.createTime)];
  return [direction(SORT_COLUMNS[column]), ...extra, asc(qa.id)];
}

/** The SQL of the FAQ module: every statement is scoped to one tenant and skips soft-deleted rows. */
export function createQaRepo(db: Db) {
  return {
    /** The list's total as a query, so the list fast path can cache or estimate it (core/paging.ts). */
    countQuery: (f: QaFilter) => db.select({ n: count() }).from(qa).where(where(f)),

    // async: a refused filter (an advanced query outside the allow-list) rejects instead of throwing, so the
    // count running beside it in fetchPage never leaves an unhandled rejection.
    page: async (f: QaFilter, sort: QaSort, offset: number, limit: number) =>
      db
        .select()
        .from(qa)
        .where(where(f))
        .orderBy(...orderBy(sort))
        .offset(offset)
        .limit(limit),

    find: async (tenantId: number, id: string) =>
      (
        await db
          .select()
          .from(qa)
          .where(and(where({ tenantId }), eq(qa.id, id)))
      )[0] ?? null,

    insert: async (values: QaInsert, tx: Db | Tx = db) => {
      const [row] = await tx.insert(qa).values(values).returning();
      if (!row) throw new Error('qa insert failed');
      return row;
    },

    /** The live entry of the tenant with exactly this question, for the import's update-by-key policy. */
    idByQuestion: async (tenantId: number, questionContent: string) =>
      (
        await db
          .select({ id: qa.id })
          .from(qa)
          .where(and(eq(qa.tenantId, tenantId), eq(qa.delState, 0), eq(qa.questionContent, questionContent)))
          .orderBy(asc(qa.createTime))
          .limit(1)
      )[0]?.id ?? null,

    /** Writes an imported row over an existing entry (its question is the key, so it stays). */
    updateImported: async (tx: Tx, id: string, row: QaInsert) => {
      await tx
        .update(qa)
        .set({
          answerContent: row.answerContent,
          useType: row.useType,
          displayOrder: row.displayOrder,
          qaType: row.qaType,
          updateBy: row.createBy,
          updateTime: new Date(),
        })
        .where(and(eq(qa.id, id), eq(qa.tenantId, row.tenantId)));
    },

    insertMany: async (tx: Tx, values: QaInsert[]) => {
      for (let i = 0; i < values.length; i += 500) await tx.insert(qa).values(values.slice(i, i + 500));
    },

    update: async (
      tenantId: number,
      id: string,
      set: Pick<QaInsert, 'questionContent' | 'answerContent' | 'useType' | 'displayOrder' | 'qaType' | 'updateBy'>,
    ) =>
      (
        await db
          .update(qa)
          .set({ ...set, updateTime: new Date() })
          .where(and(where({ tenantId }), eq(qa.id, id)))
          .returning()
      )[0] ?? null,

    /** Soft delete; answers how many live rows it marked. */
    softDelete: async (tx: Db | Tx, tenantId: number, ids: string[], by: string) =>
      (
        await tx
          .update(qa)
          .set({ delState: 1, updateBy: by, updateTime: new Date() })
          .where(where({ tenantId, ids }))
          .returning({ id: qa.id })
      ).length,

    /** Supplier-visible entries for the public page, in display order. */
    publicList: (tenantId: number, keyword: string | undefined, limit: number) =>
      db
        .select({
          id: qa.id,
          questionContent: qa.questionContent,
          answerContent: qa.answerContent,
          qaType: qa.qaType,
          displayOrder: qa.displayOrder,
        })
        .from(qa)
        .where(where({ tenantId, keyword, useType: QA_USE_TYPE.supplier }))
        .orderBy(...orderBy({ column: 'displayOrder', order: 'asc' }))
        .limit(limit),

    /** The user's user-end list (§1: comma-joined; '3' is the supplier end). */
    userEnds: async (userId: string) => {
      const [row] = await db.select({ userEnd: sysUser.userEnd }).from(sysUser).where(eq(sysUser.id, userId));
      return (row?.userEnd ?? '').split(',').map((v) => v.trim());
    },
  };
}

export type QaRepo = ReturnType<typeof createQaRepo>;
