import {
  DEPART_MESSAGES,
  type DepartAddRequest,
  type DepartEditRequest,
  type DepartIdNode,
  type DepartTreeNode,
  type DeptRoleAddRequest,
  type DeptRoleDto,
  type DeptRoleEditRequest,
  formatDateTime,
  ORG_CATEGORIES,
  type PermissionTreeNode,
  type PermissionTreeResult,
} from '@aps/shared';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { DataScope } from '../permission/data-scope.ts';
import { uniqueViolation } from '../permission/pg-errors.ts';
import type { PermissionService } from '../permission/service.ts';
import { sysDepart, sysPermission, sysUserDepart } from '../system/tables.ts';
import { sysDepartPermission, sysDepartRole, sysDepartRolePermission, sysDepartRoleUser } from './tables.ts';

type DepartRow = typeof sysDepart.$inferSelect;

/**
 * Departments of a tenant (sys_depart, org codes A01 → A01A01 → A01A01A01) and their department roles.
 *
 * The tree variants of §7, all limited to the tenant of the request:
 * - queryTreeList: the whole tree (optionally only the subtrees of `ids`).
 * - companyTreeList: only companies (orgCategory 1 group, 2 company), projects/departments left out.
 * - queryTreeListByUser: where a user sits: their departments with their subtrees and the path up to the root.
 * - queryTreeListByDataCode: the subtree under one org code (`dataCode`).
 * - queryDepartTreeSync: one level at a time (children of `pid`, roots without it), for lazy trees.
 * - queryIdTree: the whole tree with only id/key/value/title (select boxes).
 * - searchBy: departments whose name or abbreviation contains `keyWord`, as a flat list.
 * - queryMyDeptTreeList: the caller's own departments, each with its subtree.
 * - queryMyDeptTreeListByUser: the same for another user of the tenant.
 * - queryTreeListForAccountBook: the departments the caller's data scope reaches (the units whose books,
 *   i.e. business records, they may keep): all, their departments with children, or their departments only.
 * - companyTreeListForAccountBook: the same, companies only.
 */
export interface DepartService {
  all(tenantId: number): Promise<DepartRow[]>;
  // The reads take the departments the caller may see (`visible`, issue 12 §4): all for the department code,
  // else the caller's data scope (core/shared-tables.ts departScopeOf). Omitted: all (internal callers).
  tree(tenantId: number, ids?: string[], visible?: DataScope): Promise<DepartTreeNode[]>;
  companyTree(tenantId: number, visible?: DataScope): Promise<DepartTreeNode[]>;
  userTree(tenantId: number, userId: string, visible?: DataScope): Promise<DepartTreeNode[]>;
  dataCodeTree(tenantId: number, orgCode: string, visible?: DataScope): Promise<DepartTreeNode[]>;
  children(
    tenantId: number,
    pid: string | undefined,
    onlyCompany: boolean,
    visible?: DataScope,
  ): Promise<DepartTreeNode[]>;
  idTree(tenantId: number, visible?: DataScope): Promise<DepartIdNode[]>;
  search(tenantId: number, keyWord: string, withinUserId?: string, visible?: DataScope): Promise<DepartTreeNode[]>;
  myTree(tenantId: number, userId: string, visible?: DataScope): Promise<DepartTreeNode[]>;
  scopeTree(tenantId: number, scope: DataScope, onlyCompany: boolean): Promise<DepartTreeNode[]>;
  byId(tenantId: number, id: string, visible?: DataScope): Promise<DepartTreeNode>;
  add(tenantId: number, input: DepartAddRequest): Promise<DepartTreeNode>;
  edit(tenantId: number, input: DepartEditRequest): Promise<DepartTreeNode>;
  remove(tenantId: number, ids: string[]): Promise<number>;
  // Department roles
  roles(tenantId: number, departId: string, roleName?: string): Promise<DeptRoleDto[]>;
  addRole(tenantId: number, input: DeptRoleAddRequest): Promise<DeptRoleDto>;
  editRole(tenantId: number, input: DeptRoleEditRequest): Promise<DeptRoleDto>;
  removeRoles(tenantId: number, ids: string[]): Promise<number>;
  setUserRoles(tenantId: number, userId: string, departId: string, roleIds: string[]): Promise<void>;
  userRoleIds(tenantId: number, userId: string, departId: string): Promise<string[]>;
  roleTree(tenantId: number, departId: string): Promise<PermissionTreeResult>;
  rolePermissionIds(tenantId: number, roleId: string): Promise<string[]>;
  saveRolePermissions(tenantId: number, roleId: string, permissionIds: string[]): Promise<void>;
}

const isCompany = (r: DepartRow) => r.orgCategory === ORG_CATEGORIES.group || r.orgCategory === ORG_CATEGORIES.company;

function toNode(r: DepartRow, isLeaf: boolean): DepartTreeNode {
  return {
    id: r.id,
    key: r.id,
    value: r.id,
    title: r.departName,
    parentId: r.parentId,
    orgCode: r.orgCode,
    orgCategory: r.orgCategory,
    departName: r.departName,
    departNameAbbr: r.departNameAbbr,
    departOrder: r.departOrder,
    isLeaf,
  };
}

/** Nests the chosen rows; a row whose parent is not among them becomes a root. */
function nest(rows: DepartRow[]): DepartTreeNode[] {
  const nodes = new Map(rows.map((r) => [r.id, toNode(r, true)]));
  const roots: DepartTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (!parent) roots.push(node);
    else {
      parent.children = [...(parent.children ?? []), node];
      parent.isLeaf = false;
    }
  }
  return roots;
}

const underAny = (r: DepartRow, codes: string[]) => codes.some((c) => r.orgCode.startsWith(c));
/** Is the department within the scope (org codes are hierarchical: a subtree is a prefix)? */
const inScope = (r: DepartRow, scope: DataScope | undefined) =>
  !scope ||
  scope.kind === 'all' ||
  (scope.kind === 'own' ? scope.orgCodes.includes(r.orgCode) : underAny(r, scope.orgCodes));
const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Org code segments: A01…A99, B01…Z99 (one letter, two digits); a child's code is its parent's plus one. */
export function nextSegment(used: string[]): string | null {
  let max = -1;
  for (const seg of used) {
    if (!/^[A-Z]\d{2}$/.test(seg)) continue;
    const letter = seg.charCodeAt(0) - 65;
    const n = Number(seg.slice(1));
    if (letter >= 0 && letter < 26 && n >= 1 && n <= 99) max = Math.max(max, letter * 99 + (n - 1));
  }
  const next = max + 1;
  if (next >= 26 * 99) return null;
  return `${String.fromCharCode(65 + Math.floor(next / 99))}${String((next % 99) + 1).padStart(2, '0')}`;
}

export function createDepartService({
  db,
  permissions,
}: {
  db: Db;
  permissions: Pick<PermissionService, 'invalidate'>;
}): DepartService {
  async function all(tenantId: number, tx: DbOrTx = db) {
    return tx
      .select()
      .from(sysDepart)
      .where(and(eq(sysDepart.tenantId, tenantId), eq(sysDepart.delFlag, 0)))
      .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode));
  }
  const visibleRows = async (tenantId: number, visible: DataScope | undefined) =>
    (await all(tenantId)).filter((r) => inScope(r, visible));
  async function one(tenantId: number, id: string, tx: DbOrTx = db) {
    const [row] = await tx
      .select()
      .from(sysDepart)
      .where(and(eq(sysDepart.id, id), eq(sysDepart.tenantId, tenantId), eq(sysDepart.delFlag, 0)));
    if (!row) throw notFound(DEPART_MESSAGES.notFound);
    return row;
  }
  async function codesOfUser(tenantId: number, userId: string) {
    const rows = await db
      .select({ orgCode: sysDepart.orgCode })
      .from(sysUserDepart)
      .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
      .where(and(eq(sysUserDepart.userId, userId), eq(sysDepart.tenantId, tenantId), eq(sysDepart.delFlag, 0)));
    return rows.map((r) => r.orgCode);
  }
  async function role(tenantId: number, id: string, tx: DbOrTx = db) {
    const [row] = await tx
      .select()
      .from(sysDepartRole)
      .where(and(eq(sysDepartRole.id, id), eq(sysDepartRole.tenantId, tenantId)));
    if (!row) throw notFound('部门角色不存在');
    return row;
  }
  const toRole = (r: typeof sysDepartRole.$inferSelect): DeptRoleDto => ({
    id: r.id,
    departId: r.departId,
    roleName: r.roleName,
    roleCode: r.roleCode,
    description: r.description,
    createTime: formatDateTime(r.createTime) ?? '',
  });
  const roleCodeTaken = (err: unknown) => {
    if (uniqueViolation(err)) return badRequest('该部门下角色编码已存在');
    return err;
  };

  const service: DepartService = {
    all: (tenantId) => all(tenantId),

    async tree(tenantId, ids, visible) {
      const rows = await visibleRows(tenantId, visible);
      if (!ids?.length) return nest(rows);
      const codes = rows.filter((r) => ids.includes(r.id)).map((r) => r.orgCode);
      return nest(rows.filter((r) => underAny(r, codes)));
    },

    async companyTree(tenantId, visible) {
      return nest((await visibleRows(tenantId, visible)).filter(isCompany));
    },

    async userTree(tenantId, userId, visible) {
      const [rows, codes] = await Promise.all([visibleRows(tenantId, visible), codesOfUser(tenantId, userId)]);
      // Below one of the user's departments, or on the path from a root down to one.
      return nest(rows.filter((r) => underAny(r, codes) || codes.some((c) => c.startsWith(r.orgCode))));
    },

    async dataCodeTree(tenantId, orgCode, visible) {
      return nest((await visibleRows(tenantId, visible)).filter((r) => r.orgCode.startsWith(orgCode)));
    },

    async children(tenantId, pid, onlyCompany, visible) {
      const rows = (await visibleRows(tenantId, visible)).filter((r) => !onlyCompany || isCompany(r));
      const parentIds = new Set(rows.map((r) => r.parentId));
      return rows.filter((r) => (pid ? r.parentId === pid : !r.parentId)).map((r) => toNode(r, !parentIds.has(r.id)));
    },

    async idTree(tenantId, visible) {
      const strip = (nodes: DepartTreeNode[]): DepartIdNode[] =>
        nodes.map((n) => ({
          id: n.id,
          key: n.key,
          value: n.value,
          title: n.title,
          isLeaf: n.isLeaf,
          ...(n.children ? { children: strip(n.children) } : {}),
        }));
      return strip(nest(await visibleRows(tenantId, visible)));
    },

    async search(tenantId, keyWord, withinUserId, visible) {
      const conditions = [eq(sysDepart.tenantId, tenantId), eq(sysDepart.delFlag, 0)];
      if (keyWord)
        conditions.push(
          or(ilike(sysDepart.departName, like(keyWord)), ilike(sysDepart.departNameAbbr, like(keyWord)))!,
        );
      const rows = await db
        .select()
        .from(sysDepart)
        .where(and(...conditions))
        .orderBy(asc(sysDepart.orgCode));
      const codes = withinUserId ? await codesOfUser(tenantId, withinUserId) : null;
      return rows.filter((r) => (!codes || underAny(r, codes)) && inScope(r, visible)).map((r) => toNode(r, true));
    },

    async myTree(tenantId, userId, visible) {
      const [rows, codes] = await Promise.all([visibleRows(tenantId, visible), codesOfUser(tenantId, userId)]);
      return nest(rows.filter((r) => underAny(r, codes)));
    },

    async scopeTree(tenantId, scope, onlyCompany) {
      const rows = (await all(tenantId)).filter((r) => !onlyCompany || isCompany(r));
      if (scope.kind === 'all') return nest(rows);
      if (scope.kind === 'own') return nest(rows.filter((r) => scope.orgCodes.includes(r.orgCode)));
      return nest(rows.filter((r) => underAny(r, scope.orgCodes)));
    },

    async byId(tenantId, id, visible) {
      const row = await one(tenantId, id);
      // Outside the caller's departments: not found, like another tenant's (no existence leak).
      if (!inScope(row, visible)) throw notFound(DEPART_MESSAGES.notFound);
      const [child] = await db
        .select({ id: sysDepart.id })
        .from(sysDepart)
        .where(and(eq(sysDepart.parentId, id), eq(sysDepart.delFlag, 0)))
        .limit(1);
      return toNode(row, !child);
    },

    async add(tenantId, input) {
      const id = await db.transaction(async (tx) => {
        // One code generator at a time: two departments added at once must not get the same code.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(86088)`);
        const parent = input.parentId ? await one(tenantId, input.parentId, tx).catch(() => null) : null;
        if (input.parentId && !parent) throw badRequest(DEPART_MESSAGES.parentMissing);
        const prefix = parent?.orgCode ?? '';
        // Codes are unique across tenants (and deleted rows keep theirs), so look at every row.
        const used = await tx.execute<{ seg: string }>(sql`
          SELECT substr(org_code, ${prefix.length + 1}) AS seg FROM sys_depart
          WHERE org_code LIKE ${`${prefix}___`} AND length(org_code) = ${prefix.length + 3}`);
        const seg = nextSegment(used.rows.map((r) => r.seg));
        if (!seg) throw badRequest(DEPART_MESSAGES.codesExhausted);
        const [row] = await tx
          .insert(sysDepart)
          .values({ ...input, tenantId, parentId: parent?.id ?? null, orgCode: `${prefix}${seg}` })
          .returning({ id: sysDepart.id });
        return row!.id;
      });
      return service.byId(tenantId, id);
    },

    async edit(tenantId, input) {
      const { id, ...rest } = input;
      await one(tenantId, id);
      await db
        .update(sysDepart)
        .set({ ...rest, updateTime: new Date() })
        .where(and(eq(sysDepart.id, id), eq(sysDepart.tenantId, tenantId)));
      return service.byId(tenantId, id);
    },

    async remove(tenantId, ids) {
      const count = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: sysDepart.id })
          .from(sysDepart)
          .where(and(inArray(sysDepart.id, ids), eq(sysDepart.tenantId, tenantId), eq(sysDepart.delFlag, 0)));
        if (rows.length === 0) throw notFound(DEPART_MESSAGES.notFound);
        const found = rows.map((r) => r.id);
        // Refuse rather than cascade: a department's children and people need a decision, not a side effect.
        const children = await tx.execute(sql`SELECT 1 FROM sys_depart WHERE del_flag = 0
          AND parent_id IN (${sql.join(
            found.map((f) => sql`${f}::uuid`),
            sql`, `,
          )})
          AND id NOT IN (${sql.join(
            found.map((f) => sql`${f}::uuid`),
            sql`, `,
          )}) LIMIT 1`);
        if (children.rows.length) throw badRequest(DEPART_MESSAGES.hasChildren);
        const users = await tx.execute(sql`SELECT 1 FROM sys_user_depart ud JOIN sys_user u ON u.id = ud.user_id
          WHERE u.del_flag = 0 AND ud.dep_id IN (${sql.join(
            found.map((f) => sql`${f}::uuid`),
            sql`, `,
          )}) LIMIT 1`);
        if (users.rows.length) throw badRequest(DEPART_MESSAGES.hasUsers);
        // Soft delete: the org code stays reserved, so records that carry it never point at a new department.
        await tx.update(sysDepart).set({ delFlag: 1, updateTime: new Date() }).where(inArray(sysDepart.id, found));
        await tx.delete(sysDepartRole).where(inArray(sysDepartRole.departId, found));
        await tx.delete(sysDepartPermission).where(inArray(sysDepartPermission.departId, found));
        return found.length;
      });
      await permissions.invalidate();
      return count;
    },

    async roles(tenantId, departId, roleName) {
      await one(tenantId, departId);
      const conditions = [eq(sysDepartRole.departId, departId), eq(sysDepartRole.tenantId, tenantId)];
      if (roleName) conditions.push(ilike(sysDepartRole.roleName, like(roleName)));
      const rows = await db
        .select()
        .from(sysDepartRole)
        .where(and(...conditions))
        .orderBy(asc(sysDepartRole.createTime));
      return rows.map(toRole);
    },

    async addRole(tenantId, input) {
      await one(tenantId, input.departId);
      try {
        const [row] = await db
          .insert(sysDepartRole)
          .values({ tenantId, ...input })
          .returning();
        return toRole(row!);
      } catch (err) {
        throw roleCodeTaken(err);
      }
    },

    async editRole(tenantId, input) {
      const { id, ...rest } = input;
      await role(tenantId, id);
      try {
        const [row] = await db
          .update(sysDepartRole)
          .set({ ...rest, updateTime: new Date() })
          .where(eq(sysDepartRole.id, id))
          .returning();
        return toRole(row!);
      } catch (err) {
        throw roleCodeTaken(err);
      }
    },

    async removeRoles(tenantId, ids) {
      const rows = await db
        .delete(sysDepartRole)
        .where(and(inArray(sysDepartRole.id, ids), eq(sysDepartRole.tenantId, tenantId)))
        .returning({ id: sysDepartRole.id });
      if (rows.length === 0) throw notFound('部门角色不存在');
      await permissions.invalidate();
      return rows.length;
    },

    async setUserRoles(tenantId, userId, departId, roleIds) {
      await db.transaction(async (tx) => {
        await one(tenantId, departId, tx);
        const [member] = await tx
          .select({ userId: sysUserDepart.userId })
          .from(sysUserDepart)
          .where(and(eq(sysUserDepart.userId, userId), eq(sysUserDepart.depId, departId)));
        if (!member) throw badRequest('该用户不属于此部门');
        const own = await tx
          .select({ id: sysDepartRole.id })
          .from(sysDepartRole)
          .where(eq(sysDepartRole.departId, departId));
        const ownIds = new Set(own.map((r) => r.id));
        if (roleIds.some((id) => !ownIds.has(id))) throw badRequest('所选角色不属于此部门');
        if (ownIds.size)
          await tx
            .delete(sysDepartRoleUser)
            .where(and(eq(sysDepartRoleUser.userId, userId), inArray(sysDepartRoleUser.roleId, [...ownIds])));
        const unique = [...new Set(roleIds)];
        if (unique.length) await tx.insert(sysDepartRoleUser).values(unique.map((roleId) => ({ userId, roleId })));
      });
      await permissions.invalidate();
    },

    async userRoleIds(tenantId, userId, departId) {
      await one(tenantId, departId);
      const rows = await db
        .select({ id: sysDepartRoleUser.roleId })
        .from(sysDepartRoleUser)
        .innerJoin(sysDepartRole, eq(sysDepartRole.id, sysDepartRoleUser.roleId))
        .where(and(eq(sysDepartRoleUser.userId, userId), eq(sysDepartRole.departId, departId)));
      return rows.map((r) => r.id);
    },

    async roleTree(tenantId, departId) {
      await one(tenantId, departId);
      const rows = await db
        .select({
          id: sysPermission.id,
          parentId: sysPermission.parentId,
          name: sysPermission.name,
          menuType: sysPermission.menuType,
          perms: sysPermission.perms,
        })
        .from(sysDepartPermission)
        .innerJoin(sysPermission, eq(sysPermission.id, sysDepartPermission.permissionId))
        .where(and(eq(sysDepartPermission.departId, departId), eq(sysPermission.delFlag, 0)))
        .orderBy(asc(sysPermission.sortNo));
      const byParent = new Map<string | null, typeof rows>();
      const ids = new Set(rows.map((r) => r.id));
      for (const r of rows) {
        const key = r.parentId && ids.has(r.parentId) ? r.parentId : null;
        byParent.set(key, [...(byParent.get(key) ?? []), r]);
      }
      const build = (parent: string | null): PermissionTreeNode[] =>
        (byParent.get(parent) ?? []).map((r) => {
          const children = build(r.id);
          return {
            key: r.id,
            value: r.id,
            title: r.name,
            menuType: r.menuType,
            perms: r.perms,
            isLeaf: children.length === 0,
            ruleFlag: false,
            ...(children.length ? { children } : {}),
          };
        });
      return { treeList: build(null), ids: rows.map((r) => r.id) };
    },

    async rolePermissionIds(tenantId, roleId) {
      await role(tenantId, roleId);
      const rows = await db
        .select({ id: sysDepartRolePermission.permissionId })
        .from(sysDepartRolePermission)
        .where(eq(sysDepartRolePermission.roleId, roleId));
      return rows.map((r) => r.id);
    },

    async saveRolePermissions(tenantId, roleId, permissionIds) {
      await db.transaction(async (tx) => {
        const r = await role(tenantId, roleId, tx);
        const allowed = await tx
          .select({ id: sysDepartPermission.permissionId })
          .from(sysDepartPermission)
          .where(eq(sysDepartPermission.departId, r.departId));
        const allowedIds = new Set(allowed.map((a) => a.id));
        if (permissionIds.some((id) => !allowedIds.has(id))) throw badRequest('所选权限超出部门可授予的权限范围');
        await tx.delete(sysDepartRolePermission).where(eq(sysDepartRolePermission.roleId, roleId));
        const unique = [...new Set(permissionIds)];
        if (unique.length)
          await tx.insert(sysDepartRolePermission).values(unique.map((permissionId) => ({ roleId, permissionId })));
      });
      await permissions.invalidate();
    },
  };
  return service;
}
