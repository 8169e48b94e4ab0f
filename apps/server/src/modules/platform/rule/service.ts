import {
  CHECK_RULE_MESSAGES,
  type CheckRuleAddRequest,
  type CheckRuleDto,
  type CheckRuleEditRequest,
  checkByRules,
  FILL_RULE_MESSAGES,
  type FillRuleAddRequest,
  type FillRuleDto,
  type FillRuleEditRequest,
  type FillRuleReset,
  fillPeriodKey,
  formatDateTime,
  type PageResult,
  parseFillPattern,
  type RuleListQuery,
  renderFillPattern,
} from '@aps/shared';
import { and, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import type { Db } from '../../../db/client.ts';
import { containsPattern, orderOf } from '../dict/kit.ts';
import { uniqueViolation } from '../permission/pg-errors.ts';
import { sysCheckRule, sysFillRule, sysFillRuleSeq } from './tables.ts';

/** Fill rules (codes from a pattern and a per-tenant sequence) and check rules (a value against regexes). */
export interface RuleService {
  fillList(query: RuleListQuery): Promise<PageResult<FillRuleDto>>;
  fillById(id: string): Promise<FillRuleDto>;
  fillAdd(createBy: string, input: FillRuleAddRequest): Promise<FillRuleDto>;
  fillEdit(input: FillRuleEditRequest): Promise<FillRuleDto>;
  fillRemove(ids: string[]): Promise<number>;
  /** The next code of a rule in a tenant: one atomic upsert, so parallel calls never get the same number. */
  execute(ruleCode: string, tenantId: number, orgCode: string | null): Promise<string>;
  checkList(query: RuleListQuery): Promise<PageResult<CheckRuleDto>>;
  checkById(id: string): Promise<CheckRuleDto>;
  checkAdd(createBy: string, input: CheckRuleAddRequest): Promise<CheckRuleDto>;
  checkEdit(input: CheckRuleEditRequest): Promise<CheckRuleDto>;
  checkRemove(ids: string[]): Promise<number>;
  /** The rule's message for the first segment the value breaks, or null when it passes. */
  checkValue(ruleCode: string, value: string): Promise<string | null>;
}

const F = sysFillRule;
const C = sysCheckRule;
const FILL_SORT = { createTime: F.createTime, ruleCode: F.ruleCode, ruleName: F.ruleName };
const CHECK_SORT = { createTime: C.createTime, ruleCode: C.ruleCode, ruleName: C.ruleName };

const toFillDto = (r: typeof F.$inferSelect): FillRuleDto => {
  const tokens = parseFillPattern(r.pattern);
  return {
    id: r.id,
    ruleCode: r.ruleCode,
    ruleName: r.ruleName,
    pattern: r.pattern,
    resetPeriod: r.resetPeriod as FillRuleReset,
    description: r.description,
    example: tokens ? renderFillPattern(tokens, new Date(), 1, 'A01') : '',
    createTime: formatDateTime(r.createTime) ?? '',
    updateTime: formatDateTime(r.updateTime),
  };
};

const toCheckDto = (r: typeof C.$inferSelect): CheckRuleDto => ({
  id: r.id,
  ruleCode: r.ruleCode,
  ruleName: r.ruleName,
  ruleJson: r.ruleJson,
  description: r.description,
  createTime: formatDateTime(r.createTime) ?? '',
  updateTime: formatDateTime(r.updateTime),
});

function listFilters(table: typeof F | typeof C, q: RuleListQuery) {
  const filters: SQL[] = [];
  if (q.ruleCode) filters.push(ilike(table.ruleCode, containsPattern(q.ruleCode)));
  if (q.ruleName) filters.push(ilike(table.ruleName, containsPattern(q.ruleName)));
  return filters.length ? and(...filters) : undefined;
}

export function createRuleService({ db }: { db: Db }): RuleService {
  async function write<T>(message: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (uniqueViolation(err)) throw badRequest(message);
      throw err;
    }
  }

  return {
    fillList(q) {
      const where = listFilters(F, q);
      return fetchPage(
        q,
        db.select({ n: count() }).from(F).where(where),
        (offset, limit) =>
          db
            .select()
            .from(F)
            .where(where)
            .orderBy(...orderOf(FILL_SORT, q, 'createTime', F.id))
            .offset(offset)
            .limit(limit),
        toFillDto,
      );
    },

    async fillById(id) {
      const [row] = await db.select().from(F).where(eq(F.id, id));
      if (!row) throw notFound(FILL_RULE_MESSAGES.notFound(id));
      return toFillDto(row);
    },

    fillAdd(createBy, input) {
      return write(FILL_RULE_MESSAGES.codeTaken, async () => {
        const [row] = await db
          .insert(F)
          .values({ createBy, ...input })
          .returning();
        if (!row) throw notFound(FILL_RULE_MESSAGES.notFound(input.ruleCode));
        return toFillDto(row);
      });
    },

    fillEdit({ id, ...input }) {
      return write(FILL_RULE_MESSAGES.codeTaken, () =>
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(F).where(eq(F.id, id)).for('update');
          if (!before) throw notFound(FILL_RULE_MESSAGES.notFound(input.ruleCode));
          const [row] = await tx
            .update(F)
            .set({ ...input, updateTime: new Date() })
            .where(eq(F.id, id))
            .returning();
          // A renamed rule keeps counting where it was.
          if (before.ruleCode !== input.ruleCode) {
            await tx
              .update(sysFillRuleSeq)
              .set({ ruleCode: input.ruleCode })
              .where(eq(sysFillRuleSeq.ruleCode, before.ruleCode));
          }
          if (!row) throw notFound(FILL_RULE_MESSAGES.notFound(input.ruleCode));
          return toFillDto(row);
        }),
      );
    },

    fillRemove(ids) {
      return db.transaction(async (tx) => {
        const rows = await tx.delete(F).where(inArray(F.id, ids)).returning({ ruleCode: F.ruleCode });
        if (rows.length === 0) throw notFound(FILL_RULE_MESSAGES.notFound(ids.join(',')));
        await tx.delete(sysFillRuleSeq).where(
          inArray(
            sysFillRuleSeq.ruleCode,
            rows.map((r) => r.ruleCode),
          ),
        );
        return rows.length;
      });
    },

    async execute(ruleCode, tenantId, orgCode) {
      const [rule] = await db.select().from(F).where(eq(F.ruleCode, ruleCode));
      if (!rule) throw notFound(FILL_RULE_MESSAGES.notFound(ruleCode));
      const tokens = parseFillPattern(rule.pattern);
      if (!tokens) throw badRequest(FILL_RULE_MESSAGES.badPattern);
      const now = new Date();
      const period = fillPeriodKey(rule.resetPeriod as FillRuleReset, now);
      const result = await db.execute<{ value: number }>(sql`
        INSERT INTO sys_fill_rule_seq AS s (rule_code, tenant_id, period, value)
        VALUES (${ruleCode}, ${tenantId}, ${period}, 1)
        ON CONFLICT ON CONSTRAINT sys_fill_rule_seq_pk DO UPDATE SET value = s.value + 1, update_time = now()
        RETURNING value`);
      const seq = Number(result.rows[0]?.value ?? 1);
      return renderFillPattern(tokens, now, seq, orgCode);
    },

    checkList(q) {
      const where = listFilters(C, q);
      return fetchPage(
        q,
        db.select({ n: count() }).from(C).where(where),
        (offset, limit) =>
          db
            .select()
            .from(C)
            .where(where)
            .orderBy(...orderOf(CHECK_SORT, q, 'createTime', C.id))
            .offset(offset)
            .limit(limit),
        toCheckDto,
      );
    },

    async checkById(id) {
      const [row] = await db.select().from(C).where(eq(C.id, id));
      if (!row) throw notFound(CHECK_RULE_MESSAGES.notFound(id));
      return toCheckDto(row);
    },

    checkAdd(createBy, input) {
      return write(CHECK_RULE_MESSAGES.codeTaken, async () => {
        const [row] = await db
          .insert(C)
          .values({ createBy, ...input })
          .returning();
        if (!row) throw notFound(CHECK_RULE_MESSAGES.notFound(input.ruleCode));
        return toCheckDto(row);
      });
    },

    checkEdit({ id, ...input }) {
      return write(CHECK_RULE_MESSAGES.codeTaken, async () => {
        const [row] = await db
          .update(C)
          .set({ ...input, updateTime: new Date() })
          .where(eq(C.id, id))
          .returning();
        if (!row) throw notFound(CHECK_RULE_MESSAGES.notFound(input.ruleCode));
        return toCheckDto(row);
      });
    },

    async checkRemove(ids) {
      const rows = await db.delete(C).where(inArray(C.id, ids)).returning({ id: C.id });
      if (rows.length === 0) throw notFound(CHECK_RULE_MESSAGES.notFound(ids.join(',')));
      return rows.length;
    },

    async checkValue(ruleCode, value) {
      const [rule] = await db
        .select({ ruleJson: C.ruleJson })
        .from(C)
        .where(and(eq(C.ruleCode, ruleCode)));
      if (!rule) throw notFound(CHECK_RULE_MESSAGES.notFound(ruleCode));
      return checkByRules(rule.ruleJson, value);
    },
  };
}
