import { announcementIdQuerySchema, LOGIN, markReadSchema, myAnnouncementQuerySchema, PERMISSIONS } from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';

export const announcementRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { announcements, announcementAdmin, permissions } = services;
  await app.register(myAnnouncementRoutes, { services });

  app.get(
    '/sys/annountCement/listByUser',
    { config: { access: LOGIN }, schema: { tags: ['系统通告'], summary: '当前用户未读的通告与系统消息' } },
    async (request) => {
      const s = sessionOf(request);
      return ok(await announcements.listByUser(s.userId, s.tenantId));
    },
  );

  app.get(
    '/sys/annountCement/queryById',
    {
      config: { access: LOGIN },
      schema: { tags: ['系统通告'], summary: '通告详情', querystring: announcementIdQuerySchema },
    },
    async (request) => {
      const s = sessionOf(request);
      // Administrators also open drafts and revoked ones (the edit form); everyone else what reaches them.
      if ((await permissions.codes(s.userId, s.tenantId)).has(PERMISSIONS.announcement.list)) {
        return ok(await announcementAdmin.byId(s.tenantId, request.query.id));
      }
      return ok(await announcements.queryById(s.userId, s.tenantId, request.query.id));
    },
  );

  // The spec's client uses POST or PUT for the same call (§7).
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
      config: { access: LOGIN, audit: '通告标记已读' },
      schema: { tags: ['系统通告'], summary: '标记通告为已读', body: markReadSchema },
      handler: async (request) => {
        const s = sessionOf(request);
        await announcements.markRead(s.userId, s.tenantId, request.body.anntId);
        return ok(null, '操作成功！');
      },
    });
  }
};

/** The signed-in user's own announcement list (/isps/userAnnouncement) and "mark all read". */
export const myAnnouncementRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { announcements } = services;

  app.get(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    {
      config: { access: LOGIN },
      schema: { tags: ['系统通告'], summary: '我的通告（分页，含已读状态）', querystring: myAnnouncementQuerySchema },
    },
    async (request) => {
      const s = sessionOf(request);
      return ok(await announcements.listMine(s.userId, s.tenantId, request.query));
    },
  );

  app.put(
    '/sys/sysAnnouncementSend/readAll',
    { config: { access: LOGIN, audit: '通告全部标记已读' }, schema: { tags: ['系统通告'], summary: '全部标注已读' } },
    async (request) => {
      const s = sessionOf(request);
      return ok(await announcements.markAllRead(s.userId, s.tenantId), '全部标注已读成功！');
    },
  );
};
