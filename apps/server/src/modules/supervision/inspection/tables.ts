/**
 * 检查管理 (issue 17 §2): an inspection of a project, package, contract or supplier and its findings. Codes come
 * from packages/shared/src/supervision.constants.ts; the CHECK constraints are built from those lists.
 */
import {
  FINDING_SEVERITY_CODES,
  INSPECTION_STATE_CODES,
  INSPECTION_TARGET_CODES,
  type SupplierFileDto,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  createTimeColumn as createTime,
  filesColumn,
  inList,
  tenantColumn as tenantId,
  updateTimeColumn as updateTime,
} from '../../procurement/columns.ts';

export const supervisionInspection = pgTable(
  'supervision_inspection',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** The department whose data scope reads it: the target's department, or the creator's for a supplier. */
    sysOrgCode: text('sys_org_code').notNull(),
    title: text('title').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    /** The target's name when the inspection was saved (shown in lists without a join per type). */
    targetName: text('target_name').notNull(),
    signal: text('signal'),
    scope: text('scope'),
    inspectorIds: uuid('inspector_ids').array().notNull().default(sql`'{}'::uuid[]`),
    plannedStart: date('planned_start'),
    plannedEnd: date('planned_end'),
    actualStart: date('actual_start'),
    actualEnd: date('actual_end'),
    state: text('state').notNull().default('planned'),
    delFlag: integer('del_flag').notNull().default(0),
    createBy: text('create_by'),
    createTime: createTime(),
    updateBy: text('update_by'),
    updateTime: updateTime(),
  },
  (t) => [
    check('supervision_inspection_state_check', inList('state', INSPECTION_STATE_CODES)),
    check('supervision_inspection_target_check', inList('target_type', INSPECTION_TARGET_CODES)),
    index('supervision_inspection_list_idx')
      .on(t.tenantId, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`del_flag = 0`),
    index('supervision_inspection_target_idx').on(t.tenantId, t.targetType, t.targetId),
    index('supervision_inspection_org_idx').on(t.tenantId, t.sysOrgCode),
  ],
);

export const supervisionFinding = pgTable(
  'supervision_finding',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => supervisionInspection.id),
    description: text('description').notNull(),
    severity: text('severity').notNull(),
    evidence: filesColumn<SupplierFileDto>('evidence'),
    createBy: text('create_by'),
    createTime: createTime(),
  },
  (t) => [
    check('supervision_finding_severity_check', inList('severity', FINDING_SEVERITY_CODES)),
    index('supervision_finding_inspection_idx').on(t.inspectionId, t.createTime),
  ],
);
