import { DUPLICATE_MESSAGES, type DuplicateCheckQuery } from '@aps/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../../core/caller.ts';
import { uniqueField } from '../../../core/shared-tables.ts';
import type { Db } from '../../../db/client.ts';

/**
 * The duplicate check answers only for the table/field pairs of the shared allow-list (core/shared-tables.ts,
 * `unique`), and only to a caller holding the add/edit code of that table's module: nobody else may probe whether
 * a username, phone or code exists. How far uniqueness reaches is the entry's: a whole-platform unique value
 * (usernames, org codes, dictionary codes…) is checked across the platform, a per-tenant one (role codes, position
 * codes, category codes) within the caller's tenant.
 */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export interface DuplicateService {
  /**
   * True when the value is free (or empty, which is not checked: §5). Throws 400 for a pair not on the list,
   * 403 for a caller without the module's add/edit code.
   */
  available(caller: Caller, query: DuplicateCheckQuery): Promise<boolean>;
}

export function createDuplicateService({ db }: { db: Db }): DuplicateService {
  return {
    async available(caller, { tableName, fieldName, fieldVal, dataId }) {
      const field = snake(fieldName);
      const unique = await uniqueField(caller, tableName, field, DUPLICATE_MESSAGES.notAllowed(tableName, fieldName));
      if (fieldVal.trim() === '') return true;
      const where: SQL[] = [sql`t.${sql.identifier(field)}::text = ${fieldVal}`];
      if (unique.scope === 'tenant') where.push(sql`t.tenant_id = ${caller.tenantId}`);
      if (unique.alive) where.push(sql.raw(`t.${unique.alive}`));
      if (dataId) where.push(sql`t.id::text <> ${dataId}`);
      const result = await db.execute<{ taken: boolean }>(
        sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(tableName)} t WHERE ${sql.join(where, sql` AND `)}) AS taken`,
      );
      return !result.rows[0]?.taken;
    },
  };
}
