import {
  formatDateTime,
  type PageResult,
  POSITION_MESSAGES,
  type PositionAddRequest,
  type PositionDto,
  type PositionEditRequest,
  type PositionListQuery,
} from '@aps/shared';
import { and, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import type { Db } from '../../../db/client.ts';
import { containsPattern, orderOf } from '../dict/kit.ts';
import { uniqueViolation } from '../permission/pg-errors.ts';
import { sysPosition } from './tables.ts';

/** Positions (职务) of a tenant: CRUD with a code unique in the tenant. */
export interface PositionService {
  list(tenantId: number, query: PositionListQuery): Promise<PageResult<PositionDto>>;
  byId(tenantId: number, id: string): Promise<PositionDto>;
  add(tenantId: number, createBy: string, input: PositionAddRequest): Promise<PositionDto>;
  edit(tenantId: number, input: PositionEditRequest): Promise<PositionDto>;
  remove(tenantId: number, ids: string[]): Promise<number>;
}

const SORT = {
  createTime: sysPosition.createTime,
  code: sysPosition.code,
  name: sysPosition.name,
  postRank: sysPosition.postRank,
};

const toDto = (r: typeof sysPosition.$inferSelect): PositionDto => ({
  id: r.id,
  code: r.code,
  name: r.name,
  postRank: r.postRank,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime) ?? '',
  updateTime: formatDateTime(r.updateTime),
});

export function createPositionService({ db }: { db: Db }): PositionService {
  const inTenant = (tenantId: number) => eq(sysPosition.tenantId, tenantId);
  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (uniqueViolation(err)) throw badRequest(POSITION_MESSAGES.codeTaken);
      throw err;
    }
  }

  return {
    async list(tenantId, q) {
      const filters: SQL[] = [inTenant(tenantId)];
      if (q.code) filters.push(ilike(sysPosition.code, containsPattern(q.code)));
      if (q.name) filters.push(ilike(sysPosition.name, containsPattern(q.name)));
      if (q.postRank) filters.push(eq(sysPosition.postRank, q.postRank));
      const where = and(...filters);
      return fetchPage(
        q,
        db.select({ n: count() }).from(sysPosition).where(where),
        (offset, limit) =>
          db
            .select()
            .from(sysPosition)
            .where(where)
            .orderBy(...orderOf(SORT, q, 'createTime', sysPosition.id))
            .offset(offset)
            .limit(limit),
        toDto,
      );
    },

    async byId(tenantId, id) {
      const [row] = await db
        .select()
        .from(sysPosition)
        .where(and(inTenant(tenantId), eq(sysPosition.id, id)));
      if (!row) throw notFound(POSITION_MESSAGES.notFound);
      return toDto(row);
    },

    add(tenantId, createBy, input) {
      return write(async () => {
        const [row] = await db
          .insert(sysPosition)
          .values({ tenantId, createBy, ...input })
          .returning();
        if (!row) throw notFound(POSITION_MESSAGES.notFound);
        return toDto(row);
      });
    },

    edit(tenantId, { id, ...input }) {
      return write(async () => {
        const [row] = await db
          .update(sysPosition)
          .set({ ...input, updateTime: new Date() })
          .where(and(inTenant(tenantId), eq(sysPosition.id, id)))
          .returning();
        if (!row) throw notFound(POSITION_MESSAGES.notFound);
        return toDto(row);
      });
    },

    async remove(tenantId, ids) {
      const rows = await db
        .delete(sysPosition)
        .where(and(inTenant(tenantId), inArray(sysPosition.id, ids)))
        .returning({ id: sysPosition.id });
      if (rows.length === 0) throw notFound(POSITION_MESSAGES.notFound);
      return rows.length;
    },
  };
}
