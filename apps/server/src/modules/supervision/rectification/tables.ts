/**
 * 整改管理 (issue 17 §3): an order raised from a finding, addressed to a department or a supplier, and the history
 * of every state change (who, when, comment). States and actions from packages/shared/src/supervision.constants.ts.
 */
import {
  RECTIFICATION_ACTIONS,
  RECTIFICATION_PROPOSALS,
  RECTIFICATION_STATE_CODES,
  type SupplierFileDto,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  approvalColumns,
  createTimeColumn as createTime,
  filesColumn,
  inList,
  tenantColumn as tenantId,
  updateTimeColumn as updateTime,
} from '../../procurement/columns.ts';
import { supplier } from '../../procurement/supplier/tables.ts';
import { supervisionFinding, supervisionInspection } from '../inspection/tables.ts';

export const supervisionRectification = pgTable(
  'supervision_rectification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    rectNo: text('rect_no').notNull(),
    /** Data scope: the addressed department, or the inspection's department for a supplier. */
    sysOrgCode: text('sys_org_code').notNull(),
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => supervisionInspection.id),
    findingId: uuid('finding_id')
      .notNull()
      .references(() => supervisionFinding.id),
    addresseeType: text('addressee_type').notNull(),
    addresseeOrgCode: text('addressee_org_code'),
    supplierId: uuid('supplier_id').references(() => supplier.id),
    addresseeName: text('addressee_name').notNull(),
    deadline: date('deadline').notNull(),
    requirement: text('requirement').notNull(),
    state: text('state').notNull().default('pending'),
    ...approvalColumns(),
    answer: text('answer'),
    answerFiles: filesColumn<SupplierFileDto>('answer_files'),
    answeredBy: text('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    returnCount: integer('return_count').notNull().default(0),
    /** Set once by the daily job when the deadline passed unanswered. */
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    proposal: text('proposal'),
    /** The proposal's record (a pending blacklisting's id), if it made one. */
    proposalRef: text('proposal_ref'),
    /** The inspector who raised it: reviews, returns and is told when it is overdue. */
    inspectorUserId: uuid('inspector_user_id').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createBy: text('create_by'),
    createTime: createTime(),
    updateBy: text('update_by'),
    updateTime: updateTime(),
  },
  (t) => [
    check('supervision_rectification_state_check', inList('state', RECTIFICATION_STATE_CODES)),
    check('supervision_rectification_addressee_check', inList('addressee_type', ['depart', 'supplier'])),
    check(
      'supervision_rectification_proposal_check',
      sql`proposal IS NULL OR ${inList('proposal', RECTIFICATION_PROPOSALS)}`,
    ),
    uniqueIndex('supervision_rectification_no_uq').on(t.tenantId, t.rectNo),
    index('supervision_rectification_list_idx').on(
      t.tenantId,
      t.createTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('supervision_rectification_org_idx').on(t.tenantId, t.sysOrgCode),
    index('supervision_rectification_supplier_idx').on(t.supplierId, t.createTime.desc().nullsFirst()),
    index('supervision_rectification_due_idx').on(t.deadline).where(sql`state = 'pending' AND overdue_at IS NULL`),
    index('supervision_rectification_finding_idx').on(t.findingId),
  ],
);

export const supervisionRectificationLog = pgTable(
  'supervision_rectification_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    rectificationId: uuid('rectification_id')
      .notNull()
      .references(() => supervisionRectification.id),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    comment: text('comment'),
    files: filesColumn<SupplierFileDto>('files'),
    actor: text('actor').notNull(),
    createTime: createTime(),
  },
  (t) => [
    check('supervision_rectification_log_action_check', inList('action', RECTIFICATION_ACTIONS)),
    index('supervision_rectification_log_idx').on(t.rectificationId, t.createTime),
  ],
);
