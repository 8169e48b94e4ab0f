import {
  DATA_RULE_MESSAGES,
  type DataRuleAddRequest,
  type DataRuleDto,
  type DataRuleEditRequest,
  formatDateTime,
  IFRAME_COMPONENT,
  MENU_TYPES,
  PERMISSION_MESSAGES,
  type PermissionAddRequest,
  type PermissionEditRequest,
  type PermissionNode,
  type PermissionTreeNode,
  type PermissionTreeResult,
} from '@aps/shared';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { sysDepartPermission } from '../depart/tables.ts';
import { sysRoleDataRule } from '../role/tables.ts';
import { sysDepart, sysPermission, sysRole, sysRolePermission } from '../system/tables.ts';
import { validateDataRule } from './data-rule.ts';
import { uniqueViolation } from './pg-errors.ts';
import type { PermissionService } from './service.ts';
import { sysPermissionDataRule } from './tables.ts';

type PermissionRow = typeof sysPermission.$inferSelect;

/**
 * Menus and buttons (one platform-wide tree: sys_permission has no tenant), the grants of roles and
 * departments (tenant-scoped through the role or department), and the data rules of menus.
 * Every write forgets the permission cache, so the next getUserPermissionByToken and the next guarded
 * call see the change.
 */
export interface PermissionAdminService {
  tree(): Promise<PermissionNode[]>;
  topMenus(): Promise<PermissionNode[]>;
  submenus(parentId: string): Promise<PermissionNode[]>;
  submenusBatch(parentIds: string[]): Promise<Record<string, PermissionNode[]>>;
  authTree(): Promise<PermissionTreeResult>;
  add(input: PermissionAddRequest): Promise<PermissionNode>;
  edit(input: PermissionEditRequest): Promise<PermissionNode>;
  remove(ids: string[]): Promise<number>;
  rolePermissionIds(tenantId: number, roleId: string): Promise<string[]>;
  saveRolePermissions(tenantId: number, roleId: string, permissionIds: string[]): Promise<string[]>;
  departPermissionIds(tenantId: number, departId: string): Promise<string[]>;
  saveDepartPermissions(tenantId: number, departId: string, permissionIds: string[]): Promise<string[]>;
  rules(
    permissionId: string,
    filter?: { ruleName?: string; ruleColumn?: string; ruleValue?: string; status?: string },
  ): Promise<DataRuleDto[]>;
  addRule(input: DataRuleAddRequest, username: string): Promise<DataRuleDto>;
  editRule(input: DataRuleEditRequest): Promise<DataRuleDto>;
  removeRule(id: string): Promise<void>;
  roleRules(
    tenantId: number,
    roleId: string,
    permissionId: string,
  ): Promise<{ datarule: DataRuleDto[]; drChecked: string[] }>;
  saveRoleRules(tenantId: number, roleId: string, permissionId: string, ruleIds: string[]): Promise<void>;
}

/** `parents`: ids that have children (buttons included), so `leaf` is true to the data. */
function toNode(r: PermissionRow, ruleIds: Set<string>, parents?: Set<string | null>): PermissionNode {
  return {
    id: r.id,
    key: r.id,
    title: r.name,
    parentId: r.parentId,
    name: r.name,
    url: r.url,
    component: r.component,
    componentName: r.componentName,
    redirect: r.redirect,
    menuType: r.menuType,
    perms: r.perms,
    permsType: r.permsType,
    sortNo: r.sortNo,
    icon: r.icon,
    hidden: r.hidden,
    alwaysShow: r.alwaysShow,
    keepAlive: r.keepAlive,
    internalOrExternal: r.internalOrExternal,
    iframe: r.component === IFRAME_COMPONENT,
    route: r.isRoute,
    leaf: parents ? !parents.has(r.id) : r.isLeaf,
    status: r.status,
    ruleFlag: ruleIds.has(r.id),
    createTime: formatDateTime(r.createTime) ?? '',
  };
}

function toRule(r: typeof sysPermissionDataRule.$inferSelect): DataRuleDto {
  return {
    id: r.id,
    permissionId: r.permissionId,
    ruleName: r.ruleName,
    ruleColumn: r.ruleColumn,
    ruleConditions: r.ruleConditions as DataRuleDto['ruleConditions'],
    ruleValue: r.ruleValue,
    status: r.status,
    createTime: formatDateTime(r.createTime) ?? '',
  };
}

/** Nests rows by parentId, keeping the given order (sortNo); rows whose parent is missing become roots. */
function nest<T extends { id: string; parentId: string | null; children?: T[] }>(rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const roots: T[] = [];
  for (const r of rows) {
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    if (!parent) roots.push(r);
    else if (parent.children) parent.children.push(r);
    else parent.children = [r];
  }
  return roots;
}

export function createPermissionAdminService({
  db,
  permissions,
}: {
  db: Db;
  permissions: Pick<PermissionService, 'invalidate'>;
}): PermissionAdminService {
  async function allRows() {
    return db
      .select()
      .from(sysPermission)
      .where(eq(sysPermission.delFlag, 0))
      .orderBy(asc(sysPermission.sortNo), asc(sysPermission.createTime));
  }
  async function withChildren() {
    const rows = await db
      .selectDistinct({ id: sysPermission.parentId })
      .from(sysPermission)
      .where(eq(sysPermission.delFlag, 0));
    return new Set(rows.map((r) => r.id));
  }
  async function ruleFlags() {
    const rows = await db.selectDistinct({ id: sysPermissionDataRule.permissionId }).from(sysPermissionDataRule);
    return new Set(rows.map((r) => r.id));
  }
  async function one(id: string, tx: DbOrTx = db) {
    const [row] = await tx
      .select()
      .from(sysPermission)
      .where(and(eq(sysPermission.id, id), eq(sysPermission.delFlag, 0)));
    return row;
  }
  async function roleInTenant(tx: DbOrTx, tenantId: number, roleId: string) {
    const [role] = await tx
      .select({ id: sysRole.id })
      .from(sysRole)
      .where(and(eq(sysRole.id, roleId), eq(sysRole.tenantId, tenantId)));
    if (!role) throw notFound('角色不存在');
  }
  async function departInTenant(tx: DbOrTx, tenantId: number, departId: string) {
    const [d] = await tx
      .select({ id: sysDepart.id })
      .from(sysDepart)
      .where(and(eq(sysDepart.id, departId), eq(sysDepart.tenantId, tenantId), eq(sysDepart.delFlag, 0)));
    if (!d) throw notFound('部门不存在');
  }
  /** The ids, checked to exist, plus every ancestor (a granted button or sub-menu needs its menus to show). */
  async function withAncestors(tx: DbOrTx, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: sysPermission.id, parentId: sysPermission.parentId })
      .from(sysPermission)
      .where(eq(sysPermission.delFlag, 0));
    const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
    if (ids.some((id) => !parentOf.has(id))) throw badRequest(PERMISSION_MESSAGES.unknownIds);
    const out = new Set<string>();
    for (const id of ids) {
      let cur: string | null | undefined = id;
      while (cur && !out.has(cur)) {
        out.add(cur);
        cur = parentOf.get(cur);
      }
    }
    return [...out];
  }
  async function refreshLeaf(tx: DbOrTx, id: string | null) {
    if (!id) return;
    await tx.execute(sql`UPDATE sys_permission SET is_leaf = NOT EXISTS (
      SELECT 1 FROM sys_permission c WHERE c.parent_id = ${id} AND c.del_flag = 0) WHERE id = ${id}`);
  }

  async function checkParent(tx: DbOrTx, input: { parentId: string | null; menuType: number }, selfId?: string) {
    if (input.menuType === MENU_TYPES.topMenu || !input.parentId) return null;
    const parent = await one(input.parentId, tx);
    if (!parent) throw badRequest(PERMISSION_MESSAGES.parentMissing);
    if (parent.menuType === MENU_TYPES.button) throw badRequest(PERMISSION_MESSAGES.parentIsButton);
    if (selfId) {
      const result = await tx.execute<{ id: string }>(sql`
        WITH RECURSIVE sub AS (SELECT id FROM sys_permission WHERE id = ${selfId}
          UNION ALL SELECT p.id FROM sys_permission p JOIN sub ON p.parent_id = sub.id)
        SELECT id FROM sub WHERE id = ${input.parentId}`);
      if (result.rows.length) throw badRequest(PERMISSION_MESSAGES.parentIsSelf);
    }
    return parent.id;
  }

  function values(input: PermissionAddRequest, parentId: string | null) {
    const button = input.menuType === MENU_TYPES.button;
    const component = button ? null : input.iframe ? IFRAME_COMPONENT : input.component;
    return {
      parentId,
      name: input.name,
      menuType: input.menuType,
      url: button ? null : input.url,
      component,
      componentName: button ? null : (input.componentName ?? component?.split('/').pop() ?? null),
      redirect: button ? null : input.redirect,
      icon: input.icon,
      perms: button ? input.perms : null,
      permsType: input.permsType,
      sortNo: input.sortNo,
      hidden: input.hidden,
      alwaysShow: input.alwaysShow,
      keepAlive: input.keepAlive,
      internalOrExternal: input.internalOrExternal,
      isRoute: button ? false : input.route,
      status: input.status,
    };
  }

  async function urlTaken(tx: DbOrTx, url: string | null, selfId?: string) {
    if (!url) return false;
    const rows = await tx.execute<{ id: string }>(sql`
      SELECT id FROM sys_permission WHERE url = ${url} AND menu_type <> 2 AND del_flag = 0
      ${selfId ? sql`AND id <> ${selfId}` : sql``} LIMIT 1`);
    return rows.rows.length > 0;
  }

  async function write<T>(run: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(run);
    } catch (err) {
      if (uniqueViolation(err)) throw badRequest(PERMISSION_MESSAGES.urlTaken);
      throw err;
    } finally {
      await permissions.invalidate();
    }
  }

  return {
    async tree() {
      const [rows, flags] = await Promise.all([allRows(), ruleFlags()]);
      const parents = new Set(rows.map((r) => r.parentId));
      return nest(rows.map((r) => toNode(r, flags, parents)));
    },

    async topMenus() {
      const [rows, flags] = await Promise.all([allRows(), ruleFlags()]);
      const parents = new Set(rows.map((r) => r.parentId));
      return rows.filter((r) => r.menuType === MENU_TYPES.topMenu || !r.parentId).map((r) => toNode(r, flags, parents));
    },

    async submenus(parentId) {
      return (await this.submenusBatch([parentId]))[parentId] ?? [];
    },

    async submenusBatch(parentIds) {
      const [rows, flags, parents] = await Promise.all([
        db
          .select()
          .from(sysPermission)
          .where(and(inArray(sysPermission.parentId, parentIds), eq(sysPermission.delFlag, 0)))
          .orderBy(asc(sysPermission.sortNo), asc(sysPermission.createTime)),
        ruleFlags(),
        withChildren(),
      ]);
      const out: Record<string, PermissionNode[]> = Object.fromEntries(parentIds.map((id) => [id, []]));
      for (const r of rows) out[r.parentId!]?.push(toNode(r, flags, parents));
      return out;
    },

    async authTree() {
      const [rows, flags] = await Promise.all([allRows(), ruleFlags()]);
      const ids = new Set(rows.map((r) => r.id));
      const byParent = new Map<string | null, PermissionRow[]>();
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
            ruleFlag: flags.has(r.id),
            ...(children.length ? { children } : {}),
          };
        });
      return { treeList: build(null), ids: rows.map((r) => r.id) };
    },

    async add(input) {
      return write(async (tx) => {
        const parentId = await checkParent(tx, input);
        const v = values(input, parentId);
        if (await urlTaken(tx, v.url)) throw badRequest(PERMISSION_MESSAGES.urlTaken);
        const [row] = await tx.insert(sysPermission).values(v).returning();
        await refreshLeaf(tx, parentId);
        return toNode(row!, new Set());
      });
    },

    async edit(input) {
      return write(async (tx) => {
        const current = await one(input.id, tx);
        if (!current) throw notFound(PERMISSION_MESSAGES.notFound);
        const parentId = await checkParent(tx, input, input.id);
        const v = values(input, parentId);
        if (await urlTaken(tx, v.url, input.id)) throw badRequest(PERMISSION_MESSAGES.urlTaken);
        const [row] = await tx
          .update(sysPermission)
          .set({ ...v, updateTime: new Date() })
          .where(eq(sysPermission.id, input.id))
          .returning();
        await refreshLeaf(tx, parentId);
        if (current.parentId !== parentId) await refreshLeaf(tx, current.parentId);
        await refreshLeaf(tx, input.id);
        return toNode(row!, await ruleFlags());
      });
    },

    async remove(ids) {
      return write(async (tx) => {
        const parents = await tx
          .select({ parentId: sysPermission.parentId })
          .from(sysPermission)
          .where(inArray(sysPermission.id, ids));
        if (parents.length === 0) throw notFound(PERMISSION_MESSAGES.notFound);
        // A menu goes with everything under it; grants and data rules follow through ON DELETE CASCADE.
        const deleted = await tx.execute<{ id: string }>(sql`
          WITH RECURSIVE sub AS (
            SELECT id FROM sys_permission WHERE id IN (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
            UNION SELECT p.id FROM sys_permission p JOIN sub ON p.parent_id = sub.id)
          DELETE FROM sys_permission WHERE id IN (SELECT id FROM sub) RETURNING id`);
        for (const p of new Set(parents.map((r) => r.parentId))) await refreshLeaf(tx, p);
        return deleted.rows.length;
      });
    },

    async rolePermissionIds(tenantId, roleId) {
      await roleInTenant(db, tenantId, roleId);
      const rows = await db
        .select({ id: sysRolePermission.permissionId })
        .from(sysRolePermission)
        .where(eq(sysRolePermission.roleId, roleId));
      return rows.map((r) => r.id);
    },

    async saveRolePermissions(tenantId, roleId, permissionIds) {
      return write(async (tx) => {
        await roleInTenant(tx, tenantId, roleId);
        const ids = await withAncestors(tx, permissionIds);
        await tx.delete(sysRolePermission).where(eq(sysRolePermission.roleId, roleId));
        if (ids.length)
          await tx.insert(sysRolePermission).values(ids.map((permissionId) => ({ roleId, permissionId })));
        return ids;
      });
    },

    async departPermissionIds(tenantId, departId) {
      await departInTenant(db, tenantId, departId);
      const rows = await db
        .select({ id: sysDepartPermission.permissionId })
        .from(sysDepartPermission)
        .where(eq(sysDepartPermission.departId, departId));
      return rows.map((r) => r.id);
    },

    async saveDepartPermissions(tenantId, departId, permissionIds) {
      return write(async (tx) => {
        await departInTenant(tx, tenantId, departId);
        const ids = await withAncestors(tx, permissionIds);
        await tx.delete(sysDepartPermission).where(eq(sysDepartPermission.departId, departId));
        if (ids.length)
          await tx.insert(sysDepartPermission).values(ids.map((permissionId) => ({ departId, permissionId })));
        // The department's roles keep only what the department still may hand out.
        await tx.execute(sql`
          DELETE FROM sys_depart_role_permission drp USING sys_depart_role dr
          WHERE drp.role_id = dr.id AND dr.depart_id = ${departId}
            AND NOT EXISTS (SELECT 1 FROM sys_depart_permission dp
                            WHERE dp.depart_id = ${departId} AND dp.permission_id = drp.permission_id)`);
        return ids;
      });
    },

    async rules(permissionId, filter = {}) {
      const conditions = [eq(sysPermissionDataRule.permissionId, permissionId)];
      const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      if (filter.ruleName) conditions.push(ilike(sysPermissionDataRule.ruleName, like(filter.ruleName)));
      if (filter.ruleColumn) conditions.push(ilike(sysPermissionDataRule.ruleColumn, like(filter.ruleColumn)));
      if (filter.ruleValue) conditions.push(ilike(sysPermissionDataRule.ruleValue, like(filter.ruleValue)));
      if (filter.status) conditions.push(eq(sysPermissionDataRule.status, filter.status));
      const rows = await db
        .select()
        .from(sysPermissionDataRule)
        .where(and(...conditions))
        .orderBy(asc(sysPermissionDataRule.createTime));
      return rows.map(toRule);
    },

    async addRule(input, username) {
      const menu = await one(input.permissionId);
      if (!menu) throw notFound(PERMISSION_MESSAGES.notFound);
      const problem = validateDataRule(menu.url, input);
      if (problem) throw badRequest(problem);
      const [row] = await db
        .insert(sysPermissionDataRule)
        .values({ ...input, createBy: username })
        .returning();
      await permissions.invalidate();
      return toRule(row!);
    },

    async editRule(input) {
      const menu = await one(input.permissionId);
      if (!menu) throw notFound(PERMISSION_MESSAGES.notFound);
      const problem = validateDataRule(menu.url, input);
      if (problem) throw badRequest(problem);
      const { id, ...rest } = input;
      const [row] = await db
        .update(sysPermissionDataRule)
        .set({ ...rest, updateTime: new Date() })
        .where(eq(sysPermissionDataRule.id, id))
        .returning();
      if (!row) throw notFound(DATA_RULE_MESSAGES.notFound);
      await permissions.invalidate();
      return toRule(row);
    },

    async removeRule(id) {
      const rows = await db.delete(sysPermissionDataRule).where(eq(sysPermissionDataRule.id, id)).returning();
      if (rows.length === 0) throw notFound(DATA_RULE_MESSAGES.notFound);
      await permissions.invalidate();
    },

    async roleRules(tenantId, roleId, permissionId) {
      await roleInTenant(db, tenantId, roleId);
      const datarule = await this.rules(permissionId, { status: '1' });
      const checked = await db
        .select({ id: sysRoleDataRule.ruleId })
        .from(sysRoleDataRule)
        .innerJoin(sysPermissionDataRule, eq(sysPermissionDataRule.id, sysRoleDataRule.ruleId))
        .where(and(eq(sysRoleDataRule.roleId, roleId), eq(sysPermissionDataRule.permissionId, permissionId)));
      return { datarule, drChecked: checked.map((c) => c.id) };
    },

    async saveRoleRules(tenantId, roleId, permissionId, ruleIds) {
      await write(async (tx) => {
        await roleInTenant(tx, tenantId, roleId);
        const own = await tx
          .select({ id: sysPermissionDataRule.id })
          .from(sysPermissionDataRule)
          .where(eq(sysPermissionDataRule.permissionId, permissionId));
        const ownIds = new Set(own.map((r) => r.id));
        if (ruleIds.some((id) => !ownIds.has(id))) throw badRequest('所选数据规则不属于该菜单');
        if (ownIds.size)
          await tx
            .delete(sysRoleDataRule)
            .where(and(eq(sysRoleDataRule.roleId, roleId), inArray(sysRoleDataRule.ruleId, [...ownIds])));
        if (ruleIds.length) await tx.insert(sysRoleDataRule).values(ruleIds.map((ruleId) => ({ roleId, ruleId })));
      });
    },
  };
}
