import type { GatewayDefinition } from '@aps/shared';
import { integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Gateway routes (platform-wide configuration): stored and validated, nothing proxies through them yet.
 * predicates and filters are Spring Cloud Gateway definitions ({name, args}).
 */
export const sysGatewayRoute = pgTable(
  'sys_gateway_route',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    routerId: text('router_id').notNull(),
    name: text('name').notNull(),
    uri: text('uri').notNull(),
    predicates: jsonb('predicates').$type<GatewayDefinition[]>().notNull().default([]),
    filters: jsonb('filters').$type<GatewayDefinition[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
    description: text('description'),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sys_gateway_route_router_id_uq').on(t.routerId)],
);
