import {
  ANNOUNCEMENT_CATEGORY_LABELS,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_MSG_TYPE_LABELS,
  ANNOUNCEMENT_SEND_STATUS_LABELS,
  announcementAddSchema,
  announcementEditSchema,
  announcementIdQuerySchema,
  announcementListQuerySchema,
  PERMISSIONS,
  PRIORITY_LABELS,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes, tenantOf } from '../../../core/crud-routes.ts';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { actorOf, auditGetWrite } from '../dict/kit.ts';

const TAGS = ['系统通告'];
const P = PERMISSIONS.announcement;

/**
 * Announcement administration (/sys/annountCement/*: list, add, edit, delete, release, revoke, export). Bodies are
 * sanitised on save and on display. The user's own list is /sys/sysAnnouncementSend/getMyAnnouncementSend (routes.ts).
 */
export const announcementAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { announcementAdmin, audit } = services;

  crudRoutes(app, services.dicts, {
    base: '/sys/annountCement',
    name: '通告',
    tag: '系统通告',
    list: {
      access: P.list,
      query: announcementListQuerySchema,
      run: (request, query) => announcementAdmin.list(tenantOf(request), query),
      dictText: {
        priority: PRIORITY_LABELS,
        msgCategory: ANNOUNCEMENT_CATEGORY_LABELS,
        msgType: ANNOUNCEMENT_MSG_TYPE_LABELS,
        sendStatus: ANNOUNCEMENT_SEND_STATUS_LABELS,
      },
    },
    exportXls: {
      access: P.list,
      file: { name: '系统通告.xlsx', ascii: 'announcements.xlsx', sheet: '系统通告' },
      columns: [
        { header: '标题', width: 36, wrap: true, value: (r) => r.titile },
        { header: '消息类型', width: 12, value: (r) => ANNOUNCEMENT_CATEGORY_LABELS[r.msgCategory] ?? r.msgCategory },
        { header: '优先级', width: 8, value: (r) => PRIORITY_LABELS[r.priority] ?? r.priority },
        { header: '通告对象', width: 10, value: (r) => ANNOUNCEMENT_MSG_TYPE_LABELS[r.msgType] ?? r.msgType },
        { header: '发布状态', width: 10, value: (r) => ANNOUNCEMENT_SEND_STATUS_LABELS[r.sendStatus] ?? r.sendStatus },
        { header: '发布人', width: 14, value: (r) => r.sender },
        { header: '发布时间', width: 20, value: (r) => r.sendTime },
        { header: '撤销时间', width: 20, value: (r) => r.cancelTime },
        { header: '已读/送达', width: 12, value: (r) => `${r.readCount}/${r.sendCount}` },
        { header: '创建时间', width: 20, value: (r) => r.createTime },
      ],
    },
    add: {
      access: P.edit,
      body: announcementAddSchema,
      summary: '新增通告（正文HTML保存前净化）',
      run: (request, body) => announcementAdmin.add(actorOf(request), body),
    },
    edit: {
      access: P.edit,
      body: announcementEditSchema,
      summary: '编辑通告（已发布的须先撤销）',
      run: (request, body) => announcementAdmin.edit(tenantOf(request), body),
    },
    remove: {
      access: P.edit,
      idQuery: announcementIdQuerySchema,
      run: (request, ids) => announcementAdmin.remove(tenantOf(request), ids.map(String)),
    },
  });

  app.get(
    '/sys/annountCement/doReleaseData',
    {
      config: { access: P.edit },
      schema: { tags: TAGS, summary: '发布通告（全体或指定用户）', querystring: announcementIdQuerySchema },
    },
    async (request) => {
      const result = await auditGetWrite(audit, request, '发布通告', () =>
        announcementAdmin.release(actorOf(request), request.query.id),
      );
      return ok(result, ANNOUNCEMENT_MESSAGES.released);
    },
  );

  app.get(
    '/sys/annountCement/doReovkeData',
    {
      config: { access: P.edit },
      schema: { tags: TAGS, summary: '撤销通告', querystring: announcementIdQuerySchema },
    },
    async (request) => {
      const result = await auditGetWrite(audit, request, '撤销通告', () =>
        announcementAdmin.revoke(actorOf(request).tenantId, request.query.id),
      );
      return ok(result, ANNOUNCEMENT_MESSAGES.revoked);
    },
  );
};
