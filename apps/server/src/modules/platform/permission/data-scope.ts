import { inArray, like, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';

/** Which departments' rows a user may see: the widest scope among their roles in the tenant. */
export type DataScope = { kind: 'all' } | { kind: 'subtree' | 'own'; orgCodes: string[] };

export const DATA_SCOPE = { all: '1', subtree: '2', own: '3' } as const;

export async function loadDataScope(db: Db, userId: string, tenantId: number): Promise<DataScope> {
  const result = await db.execute<{ scopes: string[] | null; org_codes: string[] | null }>(sql`
    SELECT
      (SELECT array_agg(DISTINCT r.data_scope) FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
        WHERE ur.user_id = ${userId} AND r.tenant_id = ${tenantId}) AS scopes,
      (SELECT array_agg(d.org_code) FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id
        WHERE ud.user_id = ${userId} AND d.tenant_id = ${tenantId} AND d.del_flag = 0) AS org_codes`);
  const scopes = result.rows[0]?.scopes ?? [];
  const orgCodes = result.rows[0]?.org_codes ?? [];
  if (scopes.includes(DATA_SCOPE.all)) return { kind: 'all' };
  return { kind: scopes.includes(DATA_SCOPE.subtree) ? 'subtree' : 'own', orgCodes };
}

/** The values a scope's filter binds, in order: the org codes ('own'), or their LIKE prefixes ('subtree'). */
export function scopeValues(scope: DataScope): string[] {
  if (scope.kind === 'all') return [];
  if (scope.kind === 'own') return scope.orgCodes;
  return scope.orgCodes.map((c) => `${c.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
}

/**
 * The where-clause a list adds for a scope; org codes are hierarchical, so a subtree is a prefix. `bind` turns the
 * i-th of scopeValues into what the clause holds: the value itself, or a placeholder of a prepared query.
 */
export function scopeFilter(
  scope: DataScope,
  orgCodeColumn: PgColumn,
  bind: (value: string, index: number) => string | Placeholder = (value) => value,
): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  const values = scopeValues(scope).map(bind);
  if (values.length === 0) return sql`false`;
  if (scope.kind === 'own') return inArray(orgCodeColumn, values);
  return or(...values.map((v) => like(orgCodeColumn, v)));
}
