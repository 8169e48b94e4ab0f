import {
  formatDateTime,
  type PageResult,
  ROLE_MESSAGES,
  type RoleAddRequest,
  type RoleDto,
  type RoleEditRequest,
  type RoleListQuery,
  type RoleTreeNode,
} from '@aps/shared';
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import type { Db } from '../../../db/client.ts';
import { uniqueViolation } from '../permission/pg-errors.ts';
import type { PermissionService } from '../permission/service.ts';
import { sysRole } from '../system/tables.ts';

/** Roles of a tenant (sys_role.tenant_id): CRUD, code uniqueness, and the data scope of each role. */
export interface RoleService {
  list(tenantId: number, query: RoleListQuery): Promise<PageResult<RoleDto>>;
  all(tenantId: number): Promise<RoleDto[]>;
  tree(tenantId: number): Promise<RoleTreeNode[]>;
  byId(tenantId: number, id: string): Promise<RoleDto>;
  add(tenantId: number, input: RoleAddRequest): Promise<RoleDto>;
  edit(tenantId: number, input: RoleEditRequest): Promise<RoleDto>;
  remove(tenantId: number, ids: string[]): Promise<number>;
  codeAvailable(tenantId: number, roleCode: string, exceptId?: string): Promise<boolean>;
}

const SORT = { createTime: sysRole.createTime, roleName: sysRole.roleName, roleCode: sysRole.roleCode } as const;
const escapeLike = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const COLUMNS = {
  id: sysRole.id,
  roleName: sysRole.roleName,
  roleCode: sysRole.roleCode,
  description: sysRole.description,
  dataScope: sysRole.dataScope,
  createTime: sysRole.createTime,
  updateTime: sysRole.updateTime,
  userCount: sql<number>`(SELECT count(*)::int FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id AND u.del_flag = 0 WHERE ur.role_id = sys_role.id)`,
};
type Row = {
  [K in keyof typeof COLUMNS]: K extends 'userCount' ? number : (typeof sysRole.$inferSelect)[Exclude<K, 'userCount'>];
};

function toDto(r: Row): RoleDto {
  return {
    id: r.id,
    roleName: r.roleName,
    roleCode: r.roleCode,
    description: r.description,
    dataScope: r.dataScope,
    userCount: Number(r.userCount ?? 0),
    createTime: formatDateTime(r.createTime) ?? '',
    updateTime: formatDateTime(r.updateTime),
  };
}

export function createRoleService({
  db,
  permissions,
}: {
  db: Db;
  permissions: Pick<PermissionService, 'invalidate'>;
}): RoleService {
  async function save<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (uniqueViolation(err)) throw badRequest(ROLE_MESSAGES.codeTaken);
      throw err;
    } finally {
      // Data scope and grants are cached per user for a few seconds: forget them.
      await permissions.invalidate();
    }
  }

  const service: RoleService = {
    async list(tenantId, q) {
      const filters: (SQL | undefined)[] = [eq(sysRole.tenantId, tenantId)];
      if (q.roleName) filters.push(ilike(sysRole.roleName, escapeLike(q.roleName)));
      if (q.roleCode) filters.push(ilike(sysRole.roleCode, escapeLike(q.roleCode)));
      const where = and(...filters);
      const dir = q.order === 'asc' ? asc : desc;
      return fetchPage(
        q,
        db.select({ n: count() }).from(sysRole).where(where),
        (offset, limit) =>
          db
            .select(COLUMNS)
            .from(sysRole)
            .where(where)
            .orderBy(dir(SORT[q.column ?? 'createTime']), dir(sysRole.id))
            .offset(offset)
            .limit(limit),
        toDto,
      );
    },

    async all(tenantId) {
      const rows = await db
        .select(COLUMNS)
        .from(sysRole)
        .where(eq(sysRole.tenantId, tenantId))
        .orderBy(asc(sysRole.createTime));
      return rows.map(toDto);
    },

    async tree(tenantId) {
      return (await service.all(tenantId)).map((r) => ({
        id: r.id,
        key: r.id,
        value: r.id,
        title: r.roleName,
        roleCode: r.roleCode,
        isLeaf: true as const,
      }));
    },

    async byId(tenantId, id) {
      const [row] = await db
        .select(COLUMNS)
        .from(sysRole)
        .where(and(eq(sysRole.id, id), eq(sysRole.tenantId, tenantId)));
      if (!row) throw notFound('角色不存在');
      return toDto(row);
    },

    async add(tenantId, input) {
      return save(async () => {
        if (!(await service.codeAvailable(tenantId, input.roleCode))) throw badRequest(ROLE_MESSAGES.codeTaken);
        const [row] = await db
          .insert(sysRole)
          .values({ tenantId, ...input })
          .returning({ id: sysRole.id });
        return service.byId(tenantId, row!.id);
      });
    },

    async edit(tenantId, input) {
      return save(async () => {
        const { id, ...rest } = input;
        if (!(await service.codeAvailable(tenantId, input.roleCode, id))) throw badRequest(ROLE_MESSAGES.codeTaken);
        const rows = await db
          .update(sysRole)
          .set({ ...rest, updateTime: new Date() })
          .where(and(eq(sysRole.id, id), eq(sysRole.tenantId, tenantId)))
          .returning({ id: sysRole.id });
        if (rows.length === 0) throw notFound('角色不存在');
        return service.byId(tenantId, id);
      });
    },

    async remove(tenantId, ids) {
      return save(async () => {
        // Users lose the role and its grants with it (ON DELETE CASCADE on sys_user_role, sys_role_permission).
        const rows = await db
          .delete(sysRole)
          .where(and(inArray(sysRole.id, ids), eq(sysRole.tenantId, tenantId)))
          .returning({ id: sysRole.id });
        if (rows.length === 0) throw notFound('角色不存在');
        return rows.length;
      });
    },

    async codeAvailable(tenantId, roleCode, exceptId) {
      const filters = [eq(sysRole.tenantId, tenantId), eq(sysRole.roleCode, roleCode)];
      if (exceptId) filters.push(ne(sysRole.id, exceptId));
      const [row] = await db
        .select({ id: sysRole.id })
        .from(sysRole)
        .where(and(...filters))
        .limit(1);
      return !row;
    },
  };
  return service;
}
