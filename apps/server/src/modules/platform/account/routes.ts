import {
  ACCOUNT_API,
  accountProfileSchema,
  LOGIN,
  notifySettingsSchema,
  revokeSessionSchema,
  selectTenantSchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';

/** 个人中心 and the tenant choice: any signed-in user, on their own account only. */
export const accountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { account } = services;

  app.get(
    ACCOUNT_API.tenants,
    { config: { access: LOGIN }, schema: { tags: ['个人中心'], summary: '我的租户与当前租户' } },
    async (request) => ok(await account.tenants(sessionOf(request))),
  );

  app.post(
    ACCOUNT_API.selectTenant,
    {
      config: { access: LOGIN, audit: '切换租户' },
      schema: { tags: ['个人中心'], summary: '选择/切换租户（须为本人所属租户）', body: selectTenantSchema },
    },
    async (request) => ok(await account.selectTenant(sessionOf(request), request.body.tenantId), '切换成功'),
  );

  app.put(
    ACCOUNT_API.profile,
    {
      config: { access: LOGIN, audit: '修改个人资料' },
      schema: { tags: ['个人中心'], summary: '修改本人基本信息（姓名、头像）', body: accountProfileSchema },
    },
    async (request) => ok(await account.updateProfile(sessionOf(request), request.body), '保存成功'),
  );

  app.get(
    ACCOUNT_API.sessions,
    { config: { access: LOGIN }, schema: { tags: ['个人中心'], summary: '本人的在线会话' } },
    async (request) => ok(await account.sessions(sessionOf(request))),
  );

  app.post(
    ACCOUNT_API.revokeSession,
    {
      config: { access: LOGIN, audit: '下线本人其他会话' },
      schema: { tags: ['个人中心'], summary: '下线本人的另一个会话', body: revokeSessionSchema },
    },
    async (request) => {
      await account.revokeSession(sessionOf(request), request.body.id);
      return ok(null, '已下线');
    },
  );

  app.get(
    ACCOUNT_API.notifySettings,
    { config: { access: LOGIN }, schema: { tags: ['个人中心'], summary: '本人的消息设置' } },
    async (request) => ok(await account.notifySettings(sessionOf(request))),
  );

  app.put(
    ACCOUNT_API.notifySettings,
    {
      config: { access: LOGIN, audit: '修改消息设置' },
      schema: {
        tags: ['个人中心'],
        summary: '修改本人的消息设置（接收的消息类别、邮件副本）',
        body: notifySettingsSchema,
      },
    },
    async (request) => ok(await account.saveNotifySettings(sessionOf(request), request.body), '保存成功'),
  );
};
