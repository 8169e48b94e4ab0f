import {
  formatDateTime,
  historyFieldLabel,
  type PageResult,
  RECORD_HISTORY_TABLES,
  type RecordHistoryDto,
  type RecordHistoryKey,
  type RecordHistoryQuery,
} from '@aps/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import type { Db } from '../../../db/client.ts';
import { type DataScope, scopeValues } from '../../platform/permission/data-scope.ts';
import { recordHistory } from './tables.ts';

export interface HistoryActor {
  tenantId: number;
  scope: DataScope;
}

/**
 * The department column of each history table (null: the record belongs to the tenant, not a department, so the
 * tenant alone scopes it). Keys are RECORD_HISTORY_TABLES' keys; table names come from that allow-list only.
 */
const ORG_COLUMN: Record<RecordHistoryKey, string | null> = {
  plan: 'sys_org_code',
  project: 'sys_org_code',
  package: 'sys_org_code',
  notice: 'sys_org_code',
  contract: 'sys_org_code',
  settlement: 'sys_org_code',
  supplier: null,
};

const toDto =
  (key: RecordHistoryKey) =>
  (r: typeof recordHistory.$inferSelect): RecordHistoryDto => ({
    id: String(r.id),
    field: r.field,
    fieldLabel: historyFieldLabel(key, r.field),
    before: r.before,
    after: r.after,
    changedBy: r.changedBy,
    changedAt: formatDateTime(r.changedAt) ?? '',
  });

/**
 * Issue 17 §5: the change history of one business record, rows written by the trigger `aps_record_history()`.
 * Readable only when the record itself is in the caller's tenant and data scope (its department).
 */
export function createRecordHistoryService({ db }: { db: Db }) {
  /** The record in the tenant and the scope, or 404 (an id outside both looks like no record at all). */
  async function assertVisible(actor: HistoryActor, key: RecordHistoryKey, id: string) {
    const table = sql.identifier(RECORD_HISTORY_TABLES[key].table);
    const orgColumn = ORG_COLUMN[key];
    let scope = sql``;
    if (orgColumn && actor.scope.kind !== 'all') {
      const values = scopeValues(actor.scope);
      const column = sql.identifier(orgColumn);
      scope =
        values.length === 0
          ? sql` AND false`
          : actor.scope.kind === 'own'
            ? sql` AND ${column} IN (${sql.join(
                values.map((v) => sql`${v}`),
                sql`, `,
              )})`
            : sql` AND (${sql.join(
                values.map((v) => sql`${column} LIKE ${v}`),
                sql` OR `,
              )})`;
    }
    const found = await db.execute(
      sql`SELECT 1 FROM ${table} WHERE id = ${id} AND tenant_id = ${actor.tenantId}${scope} LIMIT 1`,
    );
    if (found.rows.length === 0) throw notFound('记录不存在或无权查看');
  }

  return {
    async list(actor: HistoryActor, q: RecordHistoryQuery): Promise<PageResult<RecordHistoryDto>> {
      const key = q.table as RecordHistoryKey;
      await assertVisible(actor, key, q.id);
      const where = and(
        eq(recordHistory.tableName, RECORD_HISTORY_TABLES[key].table),
        eq(recordHistory.recordId, q.id),
        eq(recordHistory.tenantId, actor.tenantId),
      );
      return fetchPage(
        q,
        db.select({ n: count() }).from(recordHistory).where(where),
        (offset, limit) =>
          db
            .select()
            .from(recordHistory)
            .where(where)
            .orderBy(desc(recordHistory.changedAt), desc(recordHistory.id))
            .limit(limit)
            .offset(offset),
        toDto(key),
      );
    },
  };
}

export type RecordHistoryService = ReturnType<typeof createRecordHistoryService>;
