import {
  SUPPLIER_API as API,
  BLACKLIST_SCOPES,
  BLACKLIST_STATES,
  blacklistAddSchema,
  blacklistListQuerySchema,
  blacklistReleaseSchema,
  CERTIFICATE_STATES,
  certificateAddSchema,
  certificateEditSchema,
  certificateListQuerySchema,
  PERMISSIONS,
  pageQuerySchema,
  qualifiedListQuerySchema,
  SUPPLIER_STATUS_LABELS,
  type SupplierDto,
  supplierChangeSchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes, tenantOf } from '../../../core/crud-routes.ts';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { actorOf } from '../../platform/dict/kit.ts';
import type { SheetColumn } from '../../platform/excel/workbook.ts';

const B = PERMISSIONS.supplierBlacklist;
const keywordQuerySchema = z.object({ name: z.string().trim().max(100).optional() });
const P = PERMISSIONS.supplierPortal;
const Q = PERMISSIONS.supplierQualified;

const QUALIFIED_COLUMNS: SheetColumn<SupplierDto>[] = [
  { header: '供应商名称', width: 30, value: (r) => r.name },
  { header: '统一社会信用代码', width: 22, value: (r) => r.creditCode },
  { header: '法定代表人', width: 12, value: (r) => r.legalRepresentative },
  { header: '联系人', width: 12, value: (r) => r.contactName },
  { header: '联系电话', width: 14, value: (r) => r.contactPhone },
  { header: '供应品类', width: 30, wrap: true, value: (r) => r.categories.join(',') },
  { header: '状态', width: 8, value: (r) => SUPPLIER_STATUS_LABELS[r.status] },
  { header: '暂停原因', width: 30, wrap: true, value: (r) => r.suspendedReason },
  { header: '履约评分', width: 10, value: (r) => r.score },
];

/** 合格供应商, 黑名单 and the supplier's portal (企业信息, 信息变更, 资质证书) of issue 16. */
export const supplierStandingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { supplierStanding: standing } = services;

  crudRoutes(app, services.dicts, {
    base: '/supplier/qualified',
    name: '合格供应商',
    list: {
      access: Q.list,
      query: qualifiedListQuerySchema,
      run: (request, q) => standing.qualified(tenantOf(request), q),
      dictText: { status: SUPPLIER_STATUS_LABELS },
    },
    exportXls: {
      access: Q.list,
      file: { name: '合格供应商.xlsx', ascii: 'qualified-suppliers.xlsx', sheet: '合格供应商' },
      columns: QUALIFIED_COLUMNS,
    },
  });

  crudRoutes(app, services.dicts, {
    base: '/supplier/blacklist',
    name: '黑名单',
    list: {
      access: B.list,
      query: blacklistListQuerySchema,
      run: (request, q) => standing.blacklist.list(tenantOf(request), q),
      dictText: { state: BLACKLIST_STATES, scope: BLACKLIST_SCOPES },
    },
    add: {
      access: B.add,
      body: blacklistAddSchema,
      run: (request, body) => standing.blacklist.add(actorOf(request), body),
      message: '已提交黑名单审批',
      summary: '列入黑名单（提交 supplier_blacklist 审批）',
    },
  });
  app.get(
    '/supplier/blacklist/candidates',
    {
      config: { access: B.add },
      schema: { tags: ['黑名单'], summary: '可列入黑名单的供应商（按名称）', querystring: keywordQuerySchema },
    },
    async (request) => ok(await standing.blacklist.candidates(tenantOf(request), request.query.name)),
  );
  const decisions = [
    {
      url: API.blacklistRelease,
      access: B.release,
      label: '解除黑名单',
      done: '已解除',
      run: standing.blacklist.release,
    },
    {
      url: API.blacklistEliminate,
      access: B.eliminate,
      label: '淘汰供应商',
      done: '已淘汰',
      run: standing.blacklist.eliminate,
    },
  ];
  for (const d of decisions) {
    app.post(
      d.url,
      {
        config: { access: d.access, audit: d.label },
        schema: { tags: ['黑名单'], summary: d.label, body: blacklistReleaseSchema },
      },
      async (request) => {
        await d.run(actorOf(request), request.body);
        return ok(null, d.done);
      },
    );
  }

  app.get(
    API.portalProfile,
    { config: { access: P.profile }, schema: { tags: ['供应商门户'], summary: '本企业信息' } },
    async (request) => ok(await standing.portal.profile(actorOf(request))),
  );
  app.post(
    API.portalChange,
    {
      config: { access: P.change, audit: '供应商信息变更' },
      schema: {
        tags: ['供应商门户'],
        summary: '信息变更（关键信息提交准入审批，其余即时生效）',
        body: supplierChangeSchema,
      },
    },
    async (request) => {
      const c = await standing.portal.change(actorOf(request), request.body);
      return ok(c, c.keyData ? '关键信息变更已提交审批' : '变更已生效');
    },
  );
  app.get(
    API.portalChangeList,
    {
      config: { access: P.profile },
      schema: { tags: ['供应商门户'], summary: '本企业的变更记录', querystring: pageQuerySchema },
    },
    async (request) => ok(await standing.portal.changes(actorOf(request), request.query)),
  );

  crudRoutes(app, services.dicts, {
    base: '/supplier/certificate',
    name: '资质证书',
    list: {
      access: P.certificate,
      query: certificateListQuerySchema,
      run: async (request, q) => {
        const me = await standing.portal.mine(actorOf(request));
        return standing.certificates.list(tenantOf(request), me.id, q);
      },
      dictText: { state: CERTIFICATE_STATES },
    },
    add: {
      access: P.certificate,
      body: certificateAddSchema,
      run: async (request, body) => {
        const actor = actorOf(request);
        return standing.certificates.add(actor, (await standing.portal.mine(actor)).id, body);
      },
    },
    edit: {
      access: P.certificate,
      body: certificateEditSchema,
      run: async (request, body) => {
        const actor = actorOf(request);
        return standing.certificates.edit(actor, (await standing.portal.mine(actor)).id, body);
      },
    },
    remove: {
      access: P.certificate,
      run: async (request, ids) => {
        const actor = actorOf(request);
        return standing.certificates.remove(actor, (await standing.portal.mine(actor)).id, ids.map(String));
      },
    },
  });
};
