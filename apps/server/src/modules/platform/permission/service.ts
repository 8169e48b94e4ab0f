import type { UserPermissionResult } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { forbidden } from '../../../core/envelope.ts';
import type { InvalidationBus } from '../../../core/invalidation.ts';
import type { Db } from '../../../db/client.ts';
import type { DataRuleInput } from './data-rule.ts';
import { type DataScope, loadDataScope } from './data-scope.ts';
import { buildMenuTree, MENU_TYPE, type PermissionRow, toAuthEntry } from './menu.ts';

export interface PermissionService {
  /** Button codes granted to the user in the tenant, through their roles. Cached for a few seconds. */
  codes(userId: string, tenantId: number): Promise<Set<string>>;
  userPermissions(userId: string, tenantId: number): Promise<UserPermissionResult>;
  /** The departments whose rows the user may see in the tenant. Cached like the codes. */
  dataScope(userId: string, tenantId: number): Promise<DataScope>;
  /**
   * The data rules of the menu at `menuUrl` for the user, one set per role that grants the menu;
   * null when nothing narrows the list (see data-rule.ts). Cached like the codes.
   */
  dataRuleSets(userId: string, tenantId: number, menuUrl: string): Promise<DataRuleInput[][] | null>;
  /**
   * Forgets every cached answer, here and (through Redis) on every other instance, and every cached session
   * (which carries the user's departments and tenants): called after any change to roles, menus, grants or users.
   */
  invalidate(): Promise<void>;
}

const CODE_CACHE_MS = 5_000;
export const EMPTY_MENU_MESSAGE = '用户未分配菜单权限，请联系管理员';

const PERMISSION_COLUMNS = sql`p.id, p.parent_id AS "parentId", p.name, p.url, p.component,
  p.component_name AS "componentName", p.redirect, p.menu_type AS "menuType", p.perms,
  p.perms_type AS "permsType", p.sort_no AS "sortNo", p.always_show AS "alwaysShow", p.icon,
  p.is_route AS "isRoute", p.keep_alive AS "keepAlive", p.hidden,
  p.internal_or_external AS "internalOrExternal", p.status`;

export function createPermissionService({
  db,
  bus,
}: {
  db: Db;
  bus: Pick<InvalidationBus, 'publish' | 'subscribe'>;
}): PermissionService {
  const cache = new Map<string, { at: number; userId: string; value: Promise<unknown> }>();
  /** Bumped by every invalidation: a load that started before one must not stay cached. */
  let generation = 0;

  bus.subscribe((event) => {
    // A session ending changes nobody's grants.
    if (event.kind === 'sessions') return;
    generation++;
    if (event.kind === 'all') cache.clear();
    else {
      const users = new Set(event.ids);
      for (const [key, entry] of cache) if (users.has(entry.userId)) cache.delete(key);
    }
  });

  /** Memoises per user and tenant for a few seconds; a failed load is not remembered. */
  function cached<T>(kind: string, userId: string, tenantId: number, load: () => Promise<T>): Promise<T> {
    const key = `${kind}:${userId}:${tenantId}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CODE_CACHE_MS) return hit.value as Promise<T>;
    const startedAt = generation;
    const value = load();
    const entry = { at: Date.now(), userId, value };
    cache.set(key, entry);
    const forget = () => {
      if (cache.get(key) === entry) cache.delete(key);
    };
    value.then(() => {
      // Read before an invalidation that arrived while it ran: answer this caller, keep nothing.
      if (startedAt !== generation) forget();
    }, forget);
    return value;
  }

  /** Menus and buttons granted through the user's roles and their department roles in the tenant. */
  async function grantedRows(userId: string, tenantId: number) {
    const result = await db.execute<PermissionRow>(sql`
      SELECT ${PERMISSION_COLUMNS}
      FROM sys_permission p
      WHERE p.del_flag = 0 AND p.id IN (
        SELECT rp.permission_id
        FROM sys_user_role ur
        JOIN sys_role r ON r.id = ur.role_id AND r.tenant_id = ${tenantId}
        JOIN sys_role_permission rp ON rp.role_id = r.id
        WHERE ur.user_id = ${userId}
        UNION
        SELECT drp.permission_id
        FROM sys_depart_role_user dru
        JOIN sys_depart_role dr ON dr.id = dru.role_id AND dr.tenant_id = ${tenantId}
        JOIN sys_user_depart ud ON ud.user_id = dru.user_id AND ud.dep_id = dr.depart_id
        JOIN sys_depart d ON d.id = dr.depart_id AND d.del_flag = 0
        JOIN sys_depart_role_permission drp ON drp.role_id = dr.id
        JOIN sys_depart_permission dp ON dp.depart_id = dr.depart_id AND dp.permission_id = drp.permission_id
        WHERE dru.user_id = ${userId})`);
    return result.rows;
  }

  async function loadRuleSets(userId: string, tenantId: number, menuUrl: string) {
    const result = await db.execute<{
      role_id: string;
      rule_column: string | null;
      rule_conditions: string | null;
      rule_value: string | null;
    }>(sql`
      SELECT r.id AS role_id, dr.rule_column, dr.rule_conditions, dr.rule_value
      FROM sys_user_role ur
      JOIN sys_role r ON r.id = ur.role_id AND r.tenant_id = ${tenantId}
      JOIN sys_role_permission rp ON rp.role_id = r.id
      JOIN sys_permission p ON p.id = rp.permission_id AND p.del_flag = 0 AND p.menu_type <> 2 AND p.url = ${menuUrl}
      LEFT JOIN (sys_role_data_rule rdr JOIN sys_permission_data_rule dr ON dr.id = rdr.rule_id AND dr.status = '1')
        ON rdr.role_id = r.id AND dr.permission_id = p.id
      WHERE ur.user_id = ${userId}`);
    const byRole = new Map<string, DataRuleInput[]>();
    for (const row of result.rows) {
      const list = byRole.get(row.role_id) ?? [];
      if (row.rule_column && row.rule_conditions && row.rule_value !== null) {
        list.push({
          ruleColumn: row.rule_column,
          ruleConditions: row.rule_conditions as DataRuleInput['ruleConditions'],
          ruleValue: row.rule_value,
        });
      }
      byRole.set(row.role_id, list);
    }
    const sets = [...byRole.values()];
    // No role grants the menu itself, or one grants it without rules: nothing narrows the list.
    if (sets.length === 0 || sets.some((s) => s.length === 0)) return null;
    return sets;
  }

  async function loadCodes(userId: string, tenantId: number) {
    const rows = await grantedRows(userId, tenantId);
    return new Set(
      rows
        .filter((r) => r.menuType === MENU_TYPE.button && r.status === '1' && r.perms)
        .flatMap((r) => r.perms!.split(',')),
    );
  }

  return {
    codes(userId, tenantId) {
      return cached('codes', userId, tenantId, () => loadCodes(userId, tenantId));
    },

    dataScope(userId, tenantId) {
      return cached('scope', userId, tenantId, () => loadDataScope(db, userId, tenantId));
    },

    dataRuleSets(userId, tenantId, menuUrl) {
      return cached(`rules:${menuUrl}`, userId, tenantId, () => loadRuleSets(userId, tenantId, menuUrl));
    },

    async userPermissions(userId, tenantId) {
      const rows = (await grantedRows(userId, tenantId)).filter((r) => r.status === '1');
      const menu = buildMenuTree(rows);
      if (menu.length === 0) throw forbidden(EMPTY_MENU_MESSAGE);
      const auth = rows.filter((r) => r.menuType === MENU_TYPE.button && r.perms).map(toAuthEntry);
      const all = await db.execute<PermissionRow>(
        sql`SELECT ${PERMISSION_COLUMNS} FROM sys_permission p WHERE p.menu_type = 2 AND p.del_flag = 0 AND p.perms IS NOT NULL ORDER BY p.sort_no`,
      );
      return { menu, auth, allAuth: all.rows.map(toAuthEntry) };
    },

    invalidate() {
      return bus.publish({ kind: 'all' });
    },
  };
}
