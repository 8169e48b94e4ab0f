import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysTenant } from '../system/tables.ts';

/**
 * A question-and-answer entry (§3). delState: 0 live, 1 deleted (soft delete; lists never show deleted rows).
 * useType (dictionary yn): '1' visible to suppliers on /moreHelp, '0' staff only. qaType: dictionary qa_type.
 */
export const qaQuestionsAndAnswers = pgTable(
  'qa_questions_and_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => sysTenant.id),
    delState: smallint('del_state').notNull().default(0),
    questionContent: text('question_content').notNull(),
    answerContent: text('answer_content').notNull(),
    qaType: text('qa_type').notNull(),
    useType: text('use_type').notNull().default('0'),
    displayOrder: integer('display_order').notNull().default(1),
    createBy: text('create_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateBy: text('update_by'),
    updateTime: timestamp('update_time', { withTimezone: true }),
  },
  (t) => [
    index('qa_questions_and_answers_list_idx')
      .on(t.tenantId, t.displayOrder, t.createTime.desc().nullsFirst())
      .where(sql`del_state = 0`),
    index('qa_questions_and_answers_time_idx')
      .on(t.tenantId, t.createTime.desc().nullsFirst())
      .where(sql`del_state = 0`),
  ],
);
