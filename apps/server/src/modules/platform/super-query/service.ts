import {
  SUPER_QUERY_MESSAGES as M,
  type SavedSuperQuery,
  type SavedSuperQuerySaveRequest,
  SUPER_QUERY_FIELDS_BY_LIST,
  SUPER_QUERY_LIMITS,
  type SuperQueryListKey,
  type SuperQueryMatchType,
} from '@aps/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import type { Db } from '../../../db/client.ts';
import { sysSuperQuery as t } from './tables.ts';

export interface SuperQueryOwner {
  tenantId: number;
  userId: string;
}

/** The signed-in user's saved advanced queries, per tenant and list. */
export interface SuperQueryService {
  list(owner: SuperQueryOwner, listKey: SuperQueryListKey): Promise<SavedSuperQuery[]>;
  /** Refuses an existing title with 409 `<title>已存在，是否覆盖？` unless `overwrite`. */
  save(owner: SuperQueryOwner, input: SavedSuperQuerySaveRequest): Promise<SavedSuperQuery>;
  remove(owner: SuperQueryOwner, id: string): Promise<void>;
}

const toDto = (r: typeof t.$inferSelect): SavedSuperQuery => ({
  id: r.id,
  title: r.title,
  matchType: r.matchType as SuperQueryMatchType,
  records: r.records,
});

export function createSuperQueryService({ db }: { db: Db }): SuperQueryService {
  const mine = (o: SuperQueryOwner) => and(eq(t.tenantId, o.tenantId), eq(t.userId, o.userId));

  return {
    async list(owner, listKey) {
      const rows = await db
        .select()
        .from(t)
        .where(and(mine(owner), eq(t.listKey, listKey)))
        .orderBy(asc(t.createTime), asc(t.title));
      return rows.map(toDto);
    },

    async save(owner, input) {
      const listKey = input.listKey as SuperQueryListKey;
      // A saved query may only name fields the list offers (the same allow-list the translator uses).
      const allowed = new Set(SUPER_QUERY_FIELDS_BY_LIST[listKey].map((f) => f.field));
      const unknown = input.records.find((r) => !allowed.has(r.field));
      if (unknown) throw badRequest(M.badField(unknown.field));

      return db.transaction(async (tx) => {
        const same = and(mine(owner), eq(t.listKey, listKey), eq(t.title, input.title));
        const [existing] = await tx.select({ id: t.id }).from(t).where(same).for('update');
        if (existing) {
          if (!input.overwrite) throw new ApiError(409, M.exists(input.title));
          const [row] = await tx
            .update(t)
            .set({ matchType: input.matchType, records: input.records, updateTime: new Date() })
            .where(eq(t.id, existing.id))
            .returning();
          return toDto(row!);
        }
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(t)
          .where(and(mine(owner), eq(t.listKey, listKey)));
        if (n >= SUPER_QUERY_LIMITS.saved) throw badRequest(`每个列表最多保存${SUPER_QUERY_LIMITS.saved}个查询`);
        const [row] = await tx
          .insert(t)
          .values({
            tenantId: owner.tenantId,
            userId: owner.userId,
            listKey,
            title: input.title,
            matchType: input.matchType,
            records: input.records,
          })
          .onConflictDoNothing()
          .returning();
        // A concurrent save of the same title won the race.
        if (!row) throw new ApiError(409, M.exists(input.title));
        return toDto(row);
      });
    },

    async remove(owner, id) {
      const removed = await db
        .delete(t)
        .where(and(mine(owner), eq(t.id, id)))
        .returning({ id: t.id });
      if (removed.length === 0) throw notFound(M.notFound);
    },
  };
}
