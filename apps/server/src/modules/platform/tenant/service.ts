import {
  formatDateTime,
  type PageResult,
  TENANT_MESSAGES,
  type TenantAddRequest,
  type TenantDto,
  type TenantEditRequest,
  type TenantListQuery,
} from '@aps/shared';
import { and, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import type { Db } from '../../../db/client.ts';
import { containsPattern, orderOf } from '../dict/kit.ts';
import { uniqueViolation } from '../permission/pg-errors.ts';
import { sysTenant } from '../system/tables.ts';

/** Tenants (group companies, platform-wide): list, add, edit, freeze, delete when nothing belongs to them. */
export interface TenantService {
  list(query: TenantListQuery): Promise<PageResult<TenantDto>>;
  byId(id: number): Promise<TenantDto>;
  add(input: TenantAddRequest): Promise<TenantDto>;
  edit(input: TenantEditRequest): Promise<TenantDto>;
  remove(ids: number[], currentTenantId: number): Promise<number>;
}

const COLUMNS = {
  id: sysTenant.id,
  name: sysTenant.name,
  status: sysTenant.status,
  createTime: sysTenant.createTime,
  userCount: sql<number>`(SELECT count(*)::int FROM sys_user_tenant ut WHERE ut.tenant_id = sys_tenant.id)`,
};
const SORT = { createTime: sysTenant.createTime, id: sysTenant.id, name: sysTenant.name };

const toDto = (r: { id: number; name: string; status: number; createTime: Date; userCount: number }): TenantDto => ({
  id: r.id,
  name: r.name,
  status: r.status,
  userCount: Number(r.userCount ?? 0),
  createTime: formatDateTime(r.createTime) ?? '',
});

/** A foreign key refused the delete: something still belongs to the tenant. */
const foreignKeyViolation = (err: unknown): boolean => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
};

export function createTenantService({ db }: { db: Db }): TenantService {
  async function nameTaken(name: string, exceptId?: number) {
    const [row] = await db
      .select({ id: sysTenant.id })
      .from(sysTenant)
      .where(and(eq(sysTenant.name, name), exceptId ? sql`sys_tenant.id <> ${exceptId}` : undefined))
      .limit(1);
    return Boolean(row);
  }

  const service: TenantService = {
    async list(q) {
      const filters: SQL[] = [];
      if (q.name) filters.push(ilike(sysTenant.name, containsPattern(q.name)));
      if (q.status !== undefined) filters.push(eq(sysTenant.status, q.status));
      const where = filters.length ? and(...filters) : undefined;
      return fetchPage(
        q,
        db.select({ n: count() }).from(sysTenant).where(where),
        (offset, limit) =>
          db
            .select(COLUMNS)
            .from(sysTenant)
            .where(where)
            .orderBy(...orderOf(SORT, q, 'createTime', sysTenant.id))
            .offset(offset)
            .limit(limit),
        toDto,
      );
    },

    async byId(id) {
      const [row] = await db.select(COLUMNS).from(sysTenant).where(eq(sysTenant.id, id));
      if (!row) throw notFound(TENANT_MESSAGES.notFound);
      return toDto(row);
    },

    async add(input) {
      if (await nameTaken(input.name)) throw badRequest(TENANT_MESSAGES.nameTaken);
      try {
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(sysTenant)
            .values({ ...(input.id ? { id: input.id } : {}), name: input.name, status: input.status })
            .returning({ id: sysTenant.id });
          // An explicit id does not move the identity: keep the next generated one past every existing id.
          await tx.execute(
            sql`SELECT setval(pg_get_serial_sequence('sys_tenant', 'id'), GREATEST((SELECT max(id) FROM sys_tenant), 1))`,
          );
          return row?.id ?? 0;
        });
        return service.byId(id);
      } catch (err) {
        if (uniqueViolation(err)) throw badRequest(TENANT_MESSAGES.idTaken);
        throw err;
      }
    },

    async edit({ id, ...input }) {
      if (await nameTaken(input.name, id)) throw badRequest(TENANT_MESSAGES.nameTaken);
      const rows = await db.update(sysTenant).set(input).where(eq(sysTenant.id, id)).returning({ id: sysTenant.id });
      if (rows.length === 0) throw notFound(TENANT_MESSAGES.notFound);
      return service.byId(id);
    },

    async remove(ids, currentTenantId) {
      if (ids.includes(currentTenantId)) throw badRequest(TENANT_MESSAGES.current);
      return db.transaction(async (tx) => {
        const [users] = await tx
          .execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM sys_user_tenant WHERE tenant_id IN (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`,
          )
          .then((r) => r.rows);
        if ((users?.n ?? 0) > 0) throw badRequest(TENANT_MESSAGES.inUse);
        // Saved advanced queries are personal settings left by users who have left the tenant, not its data.
        await tx.execute(
          sql`DELETE FROM sys_super_query WHERE tenant_id IN (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        );
        try {
          const rows = await tx.delete(sysTenant).where(inArray(sysTenant.id, ids)).returning({ id: sysTenant.id });
          if (rows.length === 0) throw notFound(TENANT_MESSAGES.notFound);
          return rows.length;
        } catch (err) {
          if (foreignKeyViolation(err)) throw badRequest(TENANT_MESSAGES.inUse);
          throw err;
        }
      });
    },
  };
  return service;
}
