import {
  CATEGORY_ROOT,
  LOGIN,
  PERMISSIONS,
  PUBLIC,
  registerTokenSchema,
  SUPPLIER_API,
  SUPPLIER_STATUS_LABELS,
  supplierAddSchema,
  supplierEditSchema,
  supplierListQuerySchema,
  supplierRegisterSchema,
  supplierResubmitSchema,
  supplierTransitionSchema,
  UPLOAD_LIMITS,
} from '@aps/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes, tenantOf } from '../../../core/crud-routes.ts';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { registerRateLimit } from '../../platform/auth/throttle.ts';
import { actorOf } from '../../platform/dict/kit.ts';
import { readUpload } from '../../platform/file/routes.ts';
import { EXPORT_COLUMNS } from './excel.ts';
import { REGISTER_TENANT_ID } from './register.ts';

const P = PERMISSIONS.supplierDirectory;
const TAG = '供应商';
/** Public registration limits per source (like the public auth routes). */
const REGISTER_LIMITS = { submit: { max: 10, timeWindow: 60_000 }, upload: { max: 30, timeWindow: 60_000 } };

/** Supplier registration (public), the registrant's own status/resubmit, and 供应商名录 (staff). */
export const supplierRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { supplierRegister, supplierDirectory } = services;
  await registerRateLimit(app, services.throttle);
  const limit = Math.max(services.files.maxBytes, UPLOAD_LIMITS.imageMaxBytes);
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: limit, files: 1, fields: 10 } });

  app.post(
    SUPPLIER_API.registerUpload,
    {
      config: { access: PUBLIC, audit: '供应商注册上传文件', rateLimit: REGISTER_LIMITS.upload },
      schema: {
        tags: [TAG],
        summary: '供应商注册：上传资质证书文件（multipart：file；token 为本次注册的凭证）',
        querystring: z.object({ token: registerTokenSchema }),
      },
    },
    async (request) => {
      const saved = await supplierRegister.upload(request.query.token, await readUpload(request));
      return ok(saved, saved.filePath);
    },
  );

  app.post(
    SUPPLIER_API.register,
    {
      config: { access: PUBLIC, audit: '供应商注册', rateLimit: REGISTER_LIMITS.submit },
      schema: {
        tags: [TAG],
        summary: '供应商注册：提交（验证码、账号、企业信息、品类、资质、银行账户）',
        body: supplierRegisterSchema,
      },
    },
    async (request) => ok(await supplierRegister.submit(request.body), '注册成功，请等待准入审核'),
  );

  app.get(
    SUPPLIER_API.registerCategories,
    {
      config: { access: PUBLIC, audit: false, rateLimit: REGISTER_LIMITS.upload },
      schema: { tags: [TAG], summary: '供应商注册：可选的供应品类（品类树）' },
    },
    async () => ok(await services.categories.treeRoot(REGISTER_TENANT_ID, CATEGORY_ROOT, false)),
  );

  app.get(
    SUPPLIER_API.registerStatus,
    { config: { access: LOGIN }, schema: { tags: [TAG], summary: '本企业的注册与准入状态' } },
    async (request) => ok(await supplierRegister.status(actorOf(request))),
  );

  app.post(
    SUPPLIER_API.registerResubmit,
    {
      config: { access: LOGIN, audit: '供应商重新提交准入' },
      schema: { tags: [TAG], summary: '准入驳回后修改注册信息并重新提交', body: supplierResubmitSchema },
    },
    async (request) => ok(await supplierRegister.resubmit(actorOf(request), request.body), '已重新提交准入审核'),
  );

  crudRoutes(app, services.dicts, {
    base: '/supplier/directory',
    name: '供应商',
    tag: '供应商名录',
    list: {
      access: P.list,
      query: supplierListQuerySchema,
      run: (request, query) => supplierDirectory.list(tenantOf(request), query),
      dictText: { status: SUPPLIER_STATUS_LABELS },
    },
    byId: { access: P.list, run: (request, id) => supplierDirectory.detail(tenantOf(request), String(id)) },
    exportXls: {
      access: P.export,
      file: { name: '供应商名录.xlsx', ascii: 'suppliers.xlsx', sheet: '供应商名录' },
      columns: EXPORT_COLUMNS,
    },
    add: {
      access: P.add,
      body: supplierAddSchema,
      run: (request, body) => supplierDirectory.add(actorOf(request), body),
    },
    edit: {
      access: P.edit,
      body: supplierEditSchema,
      run: (request, body) => supplierDirectory.edit(actorOf(request), body),
    },
  });

  app.post(
    SUPPLIER_API.directoryTransition,
    {
      config: { access: P.transition, audit: '供应商状态变更' },
      schema: {
        tags: ['供应商名录'],
        summary: '供应商状态变更（评为合格、暂停、恢复、淘汰…）',
        body: supplierTransitionSchema,
      },
    },
    async (request) => ok(await supplierDirectory.transition(actorOf(request), request.body), '操作成功'),
  );
};
