import { DUPLICATE_MESSAGES, type DuplicateCheckQuery } from '@aps/shared';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { Db } from '../../db/client.ts';

/**
 * Which table/field pairs the duplicate check answers for, and how far uniqueness reaches: a whole-platform
 * unique value (usernames, org codes, dictionary codes…) is checked across the platform, a per-tenant one
 * (role codes, position codes, category codes) within the caller's tenant. Nothing else is answered.
 */
interface DuplicateTable {
  fields: readonly string[];
  scope: 'platform' | 'tenant';
  /** Rows that still hold their value (fixed SQL text). */
  alive?: string;
}

export const DUPLICATE_TABLES: Record<string, DuplicateTable> = {
  sys_user: { fields: ['username', 'phone', 'email'], scope: 'platform' },
  sys_role: { fields: ['role_code'], scope: 'tenant' },
  sys_depart: { fields: ['org_code'], scope: 'platform' },
  sys_dict: { fields: ['dict_code'], scope: 'platform' },
  sys_position: { fields: ['code'], scope: 'tenant' },
  sys_category: { fields: ['code'], scope: 'tenant' },
  sys_tenant: { fields: ['id', 'name'], scope: 'platform' },
  sys_fill_rule: { fields: ['rule_code'], scope: 'platform' },
  sys_check_rule: { fields: ['rule_code'], scope: 'platform' },
  sys_gateway_route: { fields: ['router_id'], scope: 'platform' },
  sys_announcement: { fields: ['title'], scope: 'tenant', alive: 'del_flag = 0' },
};

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export interface DuplicateService {
  /** True when the value is free (or empty, which is not checked: §5). Throws 400 for a pair not on the list. */
  available(tenantId: number, query: DuplicateCheckQuery): Promise<boolean>;
}

export function createDuplicateService({ db }: { db: Db }): DuplicateService {
  return {
    async available(tenantId, { tableName, fieldName, fieldVal, dataId }) {
      const table = Object.hasOwn(DUPLICATE_TABLES, tableName) ? DUPLICATE_TABLES[tableName] : undefined;
      const field = snake(fieldName);
      if (!table?.fields.includes(field)) throw badRequest(DUPLICATE_MESSAGES.notAllowed(tableName, fieldName));
      if (fieldVal.trim() === '') return true;
      const where: SQL[] = [sql`t.${sql.identifier(field)}::text = ${fieldVal}`];
      if (table.scope === 'tenant') where.push(sql`t.tenant_id = ${tenantId}`);
      if (table.alive) where.push(sql.raw(`t.${table.alive}`));
      if (dataId) where.push(sql`t.id::text <> ${dataId}`);
      const result = await db.execute<{ taken: boolean }>(
        sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(tableName)} t WHERE ${sql.join(where, sql` AND `)}) AS taken`,
      );
      return !result.rows[0]?.taken;
    },
  };
}
