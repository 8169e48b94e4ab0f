import {
  formatDateTime,
  GATEWAY_MESSAGES,
  type GatewayRouteAddRequest,
  type GatewayRouteDto,
  type GatewayRouteEditRequest,
  type GatewayRouteListQuery,
  type PageResult,
} from '@aps/shared';
import { and, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import type { Db } from '../../../db/client.ts';
import { containsPattern, orderOf } from '../dict/kit.ts';
import { uniqueViolation } from '../permission/pg-errors.ts';
import { sysGatewayRoute } from './tables.ts';

/** Gateway routes (platform-wide): stored and validated; nothing proxies through them yet. */
export interface GatewayService {
  list(query: GatewayRouteListQuery): Promise<PageResult<GatewayRouteDto>>;
  byId(id: string): Promise<GatewayRouteDto>;
  add(createBy: string, input: GatewayRouteAddRequest): Promise<GatewayRouteDto>;
  edit(input: GatewayRouteEditRequest): Promise<GatewayRouteDto>;
  remove(ids: string[]): Promise<number>;
}

const G = sysGatewayRoute;
const SORT = { createTime: G.createTime, routerId: G.routerId, name: G.name, sortOrder: G.sortOrder };

const toDto = (r: typeof G.$inferSelect): GatewayRouteDto => ({
  id: r.id,
  routerId: r.routerId,
  name: r.name,
  uri: r.uri,
  predicates: r.predicates,
  filters: r.filters,
  sortOrder: r.sortOrder,
  status: r.status,
  description: r.description,
  createTime: formatDateTime(r.createTime) ?? '',
  updateTime: formatDateTime(r.updateTime),
});

export function createGatewayService({ db }: { db: Db }): GatewayService {
  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (uniqueViolation(err)) throw badRequest(GATEWAY_MESSAGES.routerIdTaken);
      throw err;
    }
  }

  return {
    async list(q) {
      const filters: SQL[] = [];
      if (q.routerId) filters.push(ilike(G.routerId, containsPattern(q.routerId)));
      if (q.name) filters.push(ilike(G.name, containsPattern(q.name)));
      if (q.status !== undefined) filters.push(eq(G.status, q.status));
      const where = filters.length ? and(...filters) : undefined;
      return fetchPage(
        q,
        db.select({ n: count() }).from(G).where(where),
        (offset, limit) =>
          db
            .select()
            .from(G)
            .where(where)
            .orderBy(...orderOf(SORT, q, 'createTime', G.id))
            .offset(offset)
            .limit(limit),
        toDto,
      );
    },

    async byId(id) {
      const [row] = await db.select().from(G).where(eq(G.id, id));
      if (!row) throw notFound(GATEWAY_MESSAGES.notFound);
      return toDto(row);
    },

    add(createBy, input) {
      return write(async () => {
        const [row] = await db
          .insert(G)
          .values({ createBy, ...input })
          .returning();
        if (!row) throw notFound(GATEWAY_MESSAGES.notFound);
        return toDto(row);
      });
    },

    edit({ id, ...input }) {
      return write(async () => {
        const [row] = await db
          .update(G)
          .set({ ...input, updateTime: new Date() })
          .where(eq(G.id, id))
          .returning();
        if (!row) throw notFound(GATEWAY_MESSAGES.notFound);
        return toDto(row);
      });
    },

    async remove(ids) {
      const rows = await db.delete(G).where(inArray(G.id, ids)).returning({ id: G.id });
      if (rows.length === 0) throw notFound(GATEWAY_MESSAGES.notFound);
      return rows.length;
    },
  };
}
