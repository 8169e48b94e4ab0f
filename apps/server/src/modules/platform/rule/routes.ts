import {
  CHECK_RULE_MESSAGES,
  checkByCodeQuerySchema,
  checkRuleAddSchema,
  checkRuleEditSchema,
  FILL_RULE_RESET_LABELS,
  fillRuleAddSchema,
  fillRuleEditSchema,
  LOGIN,
  PERMISSIONS,
  type PermissionCode,
  ruleCodeParamSchema,
  ruleListQuerySchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../../core/crud-routes.ts';
import { fail, ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { actorOf } from '../dict/kit.ts';

const CHECK_TAGS = ['校验规则'];

/** The module whose add form numbers its records with a fill rule: holders of its add code may take numbers. */
const FILL_RULE_OWNERS: Record<string, PermissionCode> = {
  purchase_code: PERMISSIONS.purchase.add,
};

/** Fill rules (/sys/fillRule/*) and check rules (/sys/checkRule/*). Using a rule needs a login; managing one the codes. */
export const ruleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { rules } = services;
  const FP = PERMISSIONS.fillRule;
  const CP = PERMISSIONS.checkRule;

  // ── Fill rules ──────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/sys/fillRule/executeRuleByCode/:ruleCode',
    {
      config: { access: LOGIN },
      schema: { tags: ['填值规则'], summary: '按规则生成下一个编码（并发安全）', params: ruleCodeParamSchema },
    },
    // Taking a number uses it up (issue 12 §4): the fill-rule editor's test, or the form of the module that
    // numbers its records with the rule (its add code), never any signed-in user.
    async (request) => {
      const { ruleCode } = request.params;
      const owner = Object.hasOwn(FILL_RULE_OWNERS, ruleCode) ? FILL_RULE_OWNERS[ruleCode] : undefined;
      await services.callers(request).demand(FP.edit, ...(owner ? [owner] : []));
      const actor = actorOf(request);
      return ok(await rules.execute(ruleCode, actor.tenantId, actor.orgCode));
    },
  );

  crudRoutes(app, services.dicts, {
    base: '/sys/fillRule',
    name: '填值规则',
    list: { access: FP.list, query: ruleListQuerySchema, run: (_request, query) => rules.fillList(query) },
    byId: { access: FP.list, run: (_request, id) => rules.fillById(String(id)) },
    exportXls: {
      access: FP.list,
      file: { name: '填值规则.xlsx', ascii: 'fill-rules.xlsx', sheet: '填值规则' },
      columns: [
        { header: '规则编码', width: 20, value: (r) => r.ruleCode },
        { header: '规则名称', width: 20, value: (r) => r.ruleName },
        { header: '规则表达式', width: 30, value: (r) => r.pattern },
        { header: '重置周期', width: 10, value: (r) => FILL_RULE_RESET_LABELS[r.resetPeriod] ?? r.resetPeriod },
        { header: '示例', width: 24, value: (r) => r.example },
        { header: '创建时间', width: 20, value: (r) => r.createTime },
      ],
    },
    add: {
      access: FP.edit,
      body: fillRuleAddSchema,
      run: (request, body) => rules.fillAdd(actorOf(request).username, body),
    },
    edit: { access: FP.edit, body: fillRuleEditSchema, run: (_request, body) => rules.fillEdit(body) },
    remove: { access: FP.edit, run: (_request, ids) => rules.fillRemove(ids.map(String)) },
  });

  // ── Check rules ─────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/sys/checkRule/checkByCode',
    {
      config: { access: LOGIN },
      schema: {
        tags: CHECK_TAGS,
        summary: '按校验规则校验一个值（ruleCode, value）',
        querystring: checkByCodeQuerySchema,
      },
    },
    async (request, reply) => {
      const { ruleCode, value } = request.query;
      // §5: empty values are not checked.
      if (value === '') return ok(true, CHECK_RULE_MESSAGES.passed);
      const message = await rules.checkValue(ruleCode, value);
      if (message === null) return ok(true, CHECK_RULE_MESSAGES.passed);
      // A broken rule is an answer, not an error: success false with the rule's message for the field (§5).
      return reply.send(fail(200, message, false));
    },
  );

  crudRoutes(app, services.dicts, {
    base: '/sys/checkRule',
    name: '校验规则',
    list: { access: CP.list, query: ruleListQuerySchema, run: (_request, query) => rules.checkList(query) },
    byId: { access: CP.list, run: (_request, id) => rules.checkById(String(id)) },
    exportXls: {
      access: CP.list,
      file: { name: '校验规则.xlsx', ascii: 'check-rules.xlsx', sheet: '校验规则' },
      columns: [
        { header: '规则编码', width: 20, value: (r) => r.ruleCode },
        { header: '规则名称', width: 20, value: (r) => r.ruleName },
        { header: '规则', width: 60, wrap: true, value: (r) => JSON.stringify(r.ruleJson) },
        { header: '描述', width: 30, wrap: true, value: (r) => r.description },
        { header: '创建时间', width: 20, value: (r) => r.createTime },
      ],
    },
    // The pattern of each segment is compiled before it is saved (a broken regex is refused).
    add: {
      access: CP.edit,
      body: checkRuleAddSchema,
      run: (request, body) => rules.checkAdd(actorOf(request).username, body),
    },
    edit: { access: CP.edit, body: checkRuleEditSchema, run: (_request, body) => rules.checkEdit(body) },
    remove: { access: CP.edit, run: (_request, ids) => rules.checkRemove(ids.map(String)) },
  });
};
