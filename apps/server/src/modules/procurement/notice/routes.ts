import {
  PROCUREMENT_BID_API as API,
  LOGIN,
  noticeEditSchema,
  noticeIdSchema,
  noticeSchema,
  noticeStaffListQuerySchema,
  PERMISSIONS,
  supplierNoticeQuerySchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../../platform/auth/guard.ts';
import type { NoticeActor } from './service.ts';

const TAG = '采购公告';
const P = PERMISSIONS.purchaseNotice;

const actorOf = (request: FastifyRequest): NoticeActor => {
  const s = sessionOf(request);
  return { tenantId: s.tenantId, userId: s.userId, username: s.username };
};

/**
 * Notices (issue 14 §4). Staff manage them within their data scope (the package's department): purchase:notice:list
 * reads, purchase:notice:edit writes, publishes and revokes. Publishing a 采购公告 moves the package 1→2 through the
 * stage service in the same transaction. Published notices are public inside the tenant: every signed-in user
 * (suppliers on PurchaseAnnouncementTabs) reads them, with their own sign-up and bid state.
 */
export const noticeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { notices } = services;
  const scopeOf = (request: FastifyRequest) => services.callers(request).scope();

  app.get(
    API.noticeList,
    {
      config: { access: P.list },
      schema: { tags: [TAG], summary: '公告分页列表', querystring: noticeStaffListQuerySchema },
    },
    async (request) => ok(await notices.list(actorOf(request).tenantId, await scopeOf(request), request.query)),
  );

  app.get(
    API.noticeQueryById,
    { config: { access: P.list }, schema: { tags: [TAG], summary: '公告详情', querystring: noticeIdSchema } },
    async (request) => ok(await notices.byId(actorOf(request).tenantId, await scopeOf(request), request.query.id)),
  );

  app.post(
    API.noticeAdd,
    {
      config: { access: P.edit, audit: '新增公告' },
      schema: { tags: [TAG], summary: '新增公告（草稿）', body: noticeSchema },
    },
    async (request) => ok(await notices.add(actorOf(request), await scopeOf(request), request.body), '添加成功！'),
  );

  app.put(
    API.noticeEdit,
    {
      config: { access: P.edit, audit: '编辑公告' },
      schema: { tags: [TAG], summary: '编辑公告（草稿）', body: noticeEditSchema },
    },
    async (request) => ok(await notices.edit(actorOf(request), await scopeOf(request), request.body), '编辑成功!'),
  );

  app.delete(
    API.noticeDelete,
    {
      config: { access: P.edit, audit: '删除公告' },
      schema: { tags: [TAG], summary: '删除公告（草稿）', querystring: noticeIdSchema },
    },
    async (request) => {
      await notices.remove(actorOf(request).tenantId, await scopeOf(request), request.query.id);
      return ok(null, '删除成功!');
    },
  );

  app.post(
    API.noticePublish,
    {
      config: { access: P.edit, audit: '发布公告' },
      schema: { tags: [TAG], summary: '发布公告（采购公告：标包 待发布→公告中）', body: noticeIdSchema },
    },
    async (request) =>
      ok(await notices.publish(actorOf(request), await scopeOf(request), request.body.id), '发布成功!'),
  );

  app.post(
    API.noticeRevoke,
    {
      config: { access: P.edit, audit: '撤销公告' },
      schema: { tags: [TAG], summary: '撤销公告', body: noticeIdSchema },
    },
    async (request) => ok(await notices.revoke(actorOf(request), await scopeOf(request), request.body.id), '撤销成功!'),
  );

  app.get(
    API.supplierNotices,
    {
      config: { access: LOGIN },
      schema: {
        tags: [TAG],
        summary: '已发布的公告（供应商：按类型分页，含本单位报名/投标状态）',
        querystring: supplierNoticeQuerySchema,
      },
    },
    async (request) => ok(await notices.supplierList(actorOf(request), request.query)),
  );

  app.get(
    API.supplierNotice,
    { config: { access: LOGIN }, schema: { tags: [TAG], summary: '已发布的公告详情', querystring: noticeIdSchema } },
    async (request) => ok(await notices.supplierById(actorOf(request), request.query.id)),
  );
};
