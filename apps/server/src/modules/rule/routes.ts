import {
  CHECK_RULE_MESSAGES,
  checkByCodeQuerySchema,
  checkRuleAddSchema,
  checkRuleEditSchema,
  FILL_RULE_RESET_LABELS,
  fillRuleAddSchema,
  fillRuleEditSchema,
  idQuerySchema,
  idsQuerySchema,
  LOGIN,
  PERMISSIONS,
  type PermissionCode,
  ruleCodeParamSchema,
  ruleListQuerySchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fail, ok } from '../../core/envelope.ts';
import type { Services } from '../../services.ts';
import { actorOf, EXPORT_LIMIT, sendXlsx } from '../dict/kit.ts';

const FILL_TAGS = ['填值规则'];
const CHECK_TAGS = ['校验规则'];
const exportQuery = ruleListQuerySchema.omit({ pageNo: true, pageSize: true });

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
      schema: { tags: FILL_TAGS, summary: '按规则生成下一个编码（并发安全）', params: ruleCodeParamSchema },
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

  app.get(
    '/sys/fillRule/list',
    {
      config: { access: FP.list },
      schema: { tags: FILL_TAGS, summary: '填值规则分页列表', querystring: ruleListQuerySchema },
    },
    async (request) => ok(await rules.fillList(request.query)),
  );

  app.get(
    '/sys/fillRule/queryById',
    { config: { access: FP.list }, schema: { tags: FILL_TAGS, summary: '填值规则详情', querystring: idQuerySchema } },
    async (request) => ok(await rules.fillById(request.query.id)),
  );

  app.get(
    '/sys/fillRule/exportXls',
    {
      config: { access: FP.list },
      schema: { tags: FILL_TAGS, summary: '导出填值规则 (.xlsx)', querystring: exportQuery },
    },
    async (request, reply) => {
      const page = await rules.fillList({ ...request.query, pageNo: 1, pageSize: EXPORT_LIMIT });
      return sendXlsx(
        reply,
        { name: '填值规则.xlsx', ascii: 'fill-rules.xlsx', sheet: '填值规则' },
        [
          { header: '规则编码', width: 20, value: (r) => r.ruleCode },
          { header: '规则名称', width: 20, value: (r) => r.ruleName },
          { header: '规则表达式', width: 30, value: (r) => r.pattern },
          { header: '重置周期', width: 10, value: (r) => FILL_RULE_RESET_LABELS[r.resetPeriod] ?? r.resetPeriod },
          { header: '示例', width: 24, value: (r) => r.example },
          { header: '创建时间', width: 20, value: (r) => r.createTime },
        ],
        page.records,
      );
    },
  );

  app.post(
    '/sys/fillRule/add',
    {
      config: { access: FP.edit, audit: '新增填值规则' },
      schema: { tags: FILL_TAGS, summary: '新增填值规则', body: fillRuleAddSchema },
    },
    async (request) => ok(await rules.fillAdd(actorOf(request).username, request.body), '添加成功！'),
  );

  app.put(
    '/sys/fillRule/edit',
    {
      config: { access: FP.edit, audit: '编辑填值规则' },
      schema: { tags: FILL_TAGS, summary: '编辑填值规则', body: fillRuleEditSchema },
    },
    async (request) => ok(await rules.fillEdit(request.body), '编辑成功!'),
  );

  app.delete(
    '/sys/fillRule/delete',
    {
      config: { access: FP.edit, audit: '删除填值规则' },
      schema: { tags: FILL_TAGS, summary: '删除填值规则', querystring: idQuerySchema },
    },
    async (request) => ok(await rules.fillRemove([request.query.id]), '删除成功!'),
  );

  app.delete(
    '/sys/fillRule/deleteBatch',
    {
      config: { access: FP.edit, audit: '批量删除填值规则' },
      schema: { tags: FILL_TAGS, summary: '批量删除填值规则', querystring: idsQuerySchema },
    },
    async (request) => ok(await rules.fillRemove(request.query.ids), '删除成功!'),
  );

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

  app.get(
    '/sys/checkRule/list',
    {
      config: { access: CP.list },
      schema: { tags: CHECK_TAGS, summary: '校验规则分页列表', querystring: ruleListQuerySchema },
    },
    async (request) => ok(await rules.checkList(request.query)),
  );

  app.get(
    '/sys/checkRule/queryById',
    { config: { access: CP.list }, schema: { tags: CHECK_TAGS, summary: '校验规则详情', querystring: idQuerySchema } },
    async (request) => ok(await rules.checkById(request.query.id)),
  );

  app.get(
    '/sys/checkRule/exportXls',
    {
      config: { access: CP.list },
      schema: { tags: CHECK_TAGS, summary: '导出校验规则 (.xlsx)', querystring: exportQuery },
    },
    async (request, reply) => {
      const page = await rules.checkList({ ...request.query, pageNo: 1, pageSize: EXPORT_LIMIT });
      return sendXlsx(
        reply,
        { name: '校验规则.xlsx', ascii: 'check-rules.xlsx', sheet: '校验规则' },
        [
          { header: '规则编码', width: 20, value: (r) => r.ruleCode },
          { header: '规则名称', width: 20, value: (r) => r.ruleName },
          { header: '规则', width: 60, wrap: true, value: (r) => JSON.stringify(r.ruleJson) },
          { header: '描述', width: 30, wrap: true, value: (r) => r.description },
          { header: '创建时间', width: 20, value: (r) => r.createTime },
        ],
        page.records,
      );
    },
  );

  app.post(
    '/sys/checkRule/add',
    {
      config: { access: CP.edit, audit: '新增校验规则' },
      schema: { tags: CHECK_TAGS, summary: '新增校验规则（正则保存前校验）', body: checkRuleAddSchema },
    },
    async (request) => ok(await rules.checkAdd(actorOf(request).username, request.body), '添加成功！'),
  );

  app.put(
    '/sys/checkRule/edit',
    {
      config: { access: CP.edit, audit: '编辑校验规则' },
      schema: { tags: CHECK_TAGS, summary: '编辑校验规则', body: checkRuleEditSchema },
    },
    async (request) => ok(await rules.checkEdit(request.body), '编辑成功!'),
  );

  app.delete(
    '/sys/checkRule/delete',
    {
      config: { access: CP.edit, audit: '删除校验规则' },
      schema: { tags: CHECK_TAGS, summary: '删除校验规则', querystring: idQuerySchema },
    },
    async (request) => ok(await rules.checkRemove([request.query.id]), '删除成功!'),
  );

  app.delete(
    '/sys/checkRule/deleteBatch',
    {
      config: { access: CP.edit, audit: '批量删除校验规则' },
      schema: { tags: CHECK_TAGS, summary: '批量删除校验规则', querystring: idsQuerySchema },
    },
    async (request) => ok(await rules.checkRemove(request.query.ids), '删除成功!'),
  );
};
