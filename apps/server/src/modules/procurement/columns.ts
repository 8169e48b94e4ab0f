/** Column builders shared by the issue-16 tables (supplier/tables.ts, contract/tables.ts). */
import { type SQL, sql } from 'drizzle-orm';
import { integer, jsonb, numeric, text, timestamp } from 'drizzle-orm/pg-core';
import { sysTenant } from '../platform/system/tables.ts';

export const tenantColumn = () =>
  integer('tenant_id')
    .notNull()
    .references(() => sysTenant.id);
export const createTimeColumn = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
export const updateTimeColumn = () => timestamp('update_time', { withTimezone: true });
/** A workflow-approved row: the workflow's APPROVAL_STATUS code (as a string) and the instance id. */
export const approvalColumns = () => ({
  approvalStatus: text('approval_status').notNull().default('1'),
  instanceId: text('instance_id'),
});
export const moneyColumn = (name: string) => numeric(name, { precision: 18, scale: 2 });
/** numeric(5,2): a 0..100 score or a percentage. */
export const percentColumn = (name: string) => numeric(name, { precision: 5, scale: 2 });
export const filesColumn = <T>(name: string) => jsonb(name).$type<T[]>().notNull().default([]);
/** `column IN ('a', 'b')` from a shared code list (fixed identifiers and codes, never request input). */
export const inList = (column: string, codes: readonly string[] | Record<string, string>): SQL =>
  sql.raw(`${column} IN (${(Array.isArray(codes) ? codes : Object.keys(codes)).map((c) => `'${c}'`).join(', ')})`);
