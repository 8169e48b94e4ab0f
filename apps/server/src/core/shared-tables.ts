import {
  DICT_MESSAGES,
  EXPOSURE_MESSAGES,
  LOGIN,
  MESSAGES,
  maskEmail,
  maskPhone,
  PERMISSIONS,
  type PermissionCode,
} from '@aps/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { dataRuleFilter } from '../modules/platform/permission/data-rule.ts';
import { type DataScope, scopeFilter } from '../modules/platform/permission/data-scope.ts';
import { sysDepart } from '../modules/platform/system/tables.ts';
import { purchaseRecord } from '../modules/procurement/purchase/tables.ts';
import type { Caller } from './caller.ts';
import { ApiError, badRequest } from './envelope.ts';

/**
 * The one allow-list of every table-driven endpoint (issue 12 §3): table dictionaries ("table,text,code",
 * loadDict, loadDictItem), loadTreeData, queryTableData and the duplicate check. A table that is not here, or a
 * column its entry does not name, is refused; a shared endpoint serves a table's rows with the permission and
 * data scope of the list that owns them, never more.
 *
 * - `read.code`: the owning list's code; its holders read `read.columns` (LOGIN: any signed-in user).
 * - `read.pick`: what a caller without that code may still read for picking (a user picker, a department
 *   select): which callers (internal user ends only, or all), the rows (`rows`), and the columns shown masked
 *   (`masked`: readable only as masked text; searching, sorting or keying by them is 403).
 * - `read.rows`: rows every reader is limited to, e.g. the data scope and data rules of the purchase list.
 * - `unique`: the duplicate check; the fields it answers for, how far uniqueness reaches, and the codes of the
 *   forms that ask (add/edit of the table's module), so nobody else can probe for a value.
 * Row filters are SQL over the unaliased table; values are bound parameters, names come only from here.
 */
type RowFilter = (caller: Caller) => Promise<SQL | undefined>;

interface ReadPolicy {
  code: PermissionCode | typeof LOGIN;
  columns: readonly string[];
  rows?: RowFilter;
  pick?: {
    who: 'internal' | 'all';
    columns: readonly string[];
    masked?: Readonly<Record<string, (v: string | null) => string | null>>;
    rows?: RowFilter;
  };
}

export interface SharedTable {
  /** tenant: a tenant_id column; userTenant: users of the tenant (sys_user_tenant); platform: none. */
  tenancy: 'tenant' | 'userTenant' | 'platform';
  /** Rows that count (e.g. not deleted). A fixed SQL text, never built from input. */
  alive?: string;
  read?: ReadPolicy;
  /** `alive`: rows that still hold their value (deleted users and departments keep theirs: unique indexes). */
  unique?: {
    fields: readonly string[];
    scope: 'platform' | 'tenant';
    codes: readonly PermissionCode[];
    alive?: string;
  };
}

const P = PERMISSIONS;

/** Departments a caller without the department code may see: those of their data scope. */
export async function departScopeOf(caller: Caller): Promise<DataScope> {
  return (await caller.can(P.depart.list)) ? { kind: 'all' } : caller.scope();
}

const USER_PICK_COLUMNS = ['id', 'username', 'realname', 'org_code', 'post'] as const;

export const SHARED_TABLES: Record<string, SharedTable> = {
  sys_user: {
    tenancy: 'userTenant',
    alive: 'del_flag = 0',
    read: {
      code: P.user.list,
      columns: [...USER_PICK_COLUMNS, 'phone', 'email'],
      pick: { who: 'internal', columns: USER_PICK_COLUMNS, masked: { phone: maskPhone, email: maskEmail } },
    },
    unique: { fields: ['username', 'phone', 'email'], scope: 'platform', codes: [P.user.add, P.user.edit] },
  },
  sys_depart: {
    tenancy: 'tenant',
    alive: 'del_flag = 0',
    read: {
      code: P.depart.list,
      columns: ['id', 'org_code', 'depart_name', 'depart_name_abbr', 'parent_id', 'org_category'],
      pick: {
        who: 'all',
        columns: ['id', 'org_code', 'depart_name', 'depart_name_abbr', 'parent_id', 'org_category'],
        rows: async (caller) => scopeFilter(await caller.scope(), sysDepart.orgCode),
      },
    },
    unique: { fields: ['org_code'], scope: 'platform', codes: [P.depart.add, P.depart.edit] },
  },
  sys_role: {
    tenancy: 'tenant',
    read: { code: P.role.list, columns: ['id', 'role_code', 'role_name'] },
    unique: { fields: ['role_code'], scope: 'tenant', codes: [P.role.add, P.role.edit] },
  },
  // Categories are the tenant's shared dictionary (the /sys/category tree reads are open to every user too).
  sys_category: {
    tenancy: 'tenant',
    read: { code: LOGIN, columns: ['id', 'code', 'name', 'pid', 'has_child'] },
    unique: { fields: ['code'], scope: 'tenant', codes: [P.category.edit] },
  },
  sys_position: {
    tenancy: 'tenant',
    read: {
      code: P.position.list,
      columns: ['id', 'code', 'name', 'post_rank'],
      pick: { who: 'internal', columns: ['id', 'code', 'name', 'post_rank'] },
    },
    unique: { fields: ['code'], scope: 'tenant', codes: [P.position.edit] },
  },
  // Purchase records: exactly what the purchase list shows the caller (its code, data scope and data rules).
  purchase_record: {
    tenancy: 'tenant',
    read: {
      code: P.purchase.list,
      columns: ['id', 'purchase_no', 'purchase_code', 'purchase_name', 'package_no', 'package_name', 'sys_org_code'],
      rows: async (caller) => {
        const [scope, ruleSets] = await Promise.all([
          caller.scope(),
          caller.permissions.dataRuleSets(caller.userId, caller.tenantId, '/purchase/record'),
        ]);
        return and(
          scopeFilter(scope, purchaseRecord.sysOrgCode),
          dataRuleFilter('/purchase/record', ruleSets, { username: caller.username, orgCode: caller.orgCode }),
        );
      },
    },
  },
  sys_dict: { tenancy: 'platform', unique: { fields: ['dict_code'], scope: 'platform', codes: [P.dict.edit] } },
  sys_tenant: { tenancy: 'platform', unique: { fields: ['id', 'name'], scope: 'platform', codes: [P.tenant.edit] } },
  sys_fill_rule: {
    tenancy: 'platform',
    unique: { fields: ['rule_code'], scope: 'platform', codes: [P.fillRule.edit] },
  },
  sys_check_rule: {
    tenancy: 'platform',
    unique: { fields: ['rule_code'], scope: 'platform', codes: [P.checkRule.edit] },
  },
  sys_gateway_route: {
    tenancy: 'platform',
    unique: { fields: ['router_id'], scope: 'platform', codes: [P.gateway.edit] },
  },
  sys_announcement: {
    tenancy: 'tenant',
    unique: { fields: ['title'], scope: 'tenant', codes: [P.announcement.edit], alive: 'del_flag = 0' },
  },
};

export function sharedTable(name: string): SharedTable | undefined {
  return Object.hasOwn(SHARED_TABLES, name) ? SHARED_TABLES[name] : undefined;
}

/** Tenant and liveness of a table's rows, over the unaliased table. */
export function tenancyOf(name: string, table: SharedTable, tenantId: number): SQL[] {
  const t = sql.identifier(name);
  const where: SQL[] = [];
  if (table.tenancy === 'userTenant') {
    where.push(
      sql`EXISTS (SELECT 1 FROM sys_user_tenant ut WHERE ut.user_id = ${t}.id AND ut.tenant_id = ${tenantId})`,
    );
  } else if (table.tenancy === 'tenant') where.push(sql`${t}.tenant_id = ${tenantId}`);
  if (table.alive) where.push(sql.raw(table.alive));
  return where;
}

/** What one caller may read of one table, decided once per request. */
export interface TableRead {
  name: string;
  /** `(SELECT * FROM <table> WHERE <tenant, alive, the caller's rows>)`: use as a FROM item with an alias. */
  source: SQL;
  /** A column to select (aliased `alias`), masked ones included; 400 for a column not on the list. */
  selectable(column: string, alias?: string): SQL;
  /** A column to search, sort or key by; 400 when not on the list, 403 when the caller sees it only masked. */
  filterable(column: string, alias?: string): SQL;
  /** Masks the masked columns of a result row in place. */
  mask<R extends Record<string, unknown>>(row: R): R;
  /** True when the caller sees the column only masked. */
  masked(column: string): boolean;
  /** True when the caller reads under the owning list's code (unmasked). */
  full: boolean;
}

const forbidden = (message: string = MESSAGES.forbidden) => new ApiError(403, message);

/** Resolves a caller's read of `name`: 400 for a table without a read policy, 403 when nothing is granted. */
export async function readTable(caller: Caller, name: string): Promise<TableRead> {
  const table = sharedTable(name);
  const policy = table?.read;
  if (!table || !policy) throw badRequest(DICT_MESSAGES.tableNotAllowed(name));
  const full = policy.code === LOGIN || (await caller.can(policy.code));
  const pick = full ? undefined : policy.pick;
  if (!full && (!pick || (pick.who === 'internal' && (await caller.external())))) throw forbidden();
  const columns = full ? policy.columns : (pick?.columns ?? []);
  const masked = pick?.masked ?? {};
  const rows = [policy.rows, pick?.rows].filter((f): f is RowFilter => !!f);
  const filters = (await Promise.all(rows.map((f) => f(caller)))).filter((f): f is SQL => !!f);
  const where = [...tenancyOf(name, table, caller.tenantId), ...filters];
  const id = sql.identifier(name);
  const ref = (column: string, alias: string) => sql`${sql.raw(alias)}.${sql.identifier(column)}`;
  return {
    name,
    full,
    source: sql`(SELECT * FROM ${id} WHERE ${where.length ? sql.join(where, sql` AND `) : sql`true`})`,
    selectable(column, alias = 't') {
      if (!columns.includes(column) && !Object.hasOwn(masked, column)) {
        throw badRequest(DICT_MESSAGES.columnNotAllowed(name, column));
      }
      return ref(column, alias);
    },
    filterable(column, alias = 't') {
      if (Object.hasOwn(masked, column)) throw forbidden(EXPOSURE_MESSAGES.contactColumn(column));
      if (!columns.includes(column)) throw badRequest(DICT_MESSAGES.columnNotAllowed(name, column));
      return ref(column, alias);
    },
    masked: (column) => Object.hasOwn(masked, column),
    mask(row) {
      const out = row as Record<string, unknown>;
      for (const [column, fn] of Object.entries(masked)) {
        if (Object.hasOwn(out, column)) out[column] = fn((out[column] as string | null) ?? null);
      }
      return row;
    },
  };
}

/**
 * The duplicate check's answerable pairs: 400 for a table/field not on the list, 403 for a caller without one of
 * the add/edit codes of the table's module.
 */
export async function uniqueField(caller: Caller, name: string, field: string, notAllowed: string) {
  const table = sharedTable(name);
  const unique = table?.unique;
  if (!table || !unique?.fields.includes(field)) throw badRequest(notAllowed);
  await caller.demand(...unique.codes);
  return unique;
}
