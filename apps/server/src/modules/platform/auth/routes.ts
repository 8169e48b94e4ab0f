import {
  captchaKeyParamsSchema,
  casValidateSchema,
  forceLogoutSchema,
  loginRequestSchema,
  PERMISSIONS,
  PUBLIC,
  phoneLoginRequestSchema,
  type SliderProofResult,
  smsRequestSchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest, ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { LOG_TYPE } from '../audit/service.ts';
import { OFFLINE_TEXT } from '../realtime/service.ts';
import { CasError } from './cas.ts';
import { readToken, sessionOf } from './guard.ts';
import { AUTH_RATE_LIMITS, registerRateLimit } from './throttle.ts';

const clientOf = (request: { ip: string; headers: Record<string, unknown> }) => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { auth, sessions, audit, cas, humanProof } = services;
  // Per-source request limits on the public routes below (issue 12 §1–2); each route opts in with config.rateLimit.
  await registerRateLimit(app, services.throttle);

  app.post(
    '/sys/login',
    {
      config: { access: PUBLIC, audit: false, rateLimit: AUTH_RATE_LIMITS.login },
      schema: { tags: ['认证'], summary: '账号密码登录', body: loginRequestSchema },
    },
    async (request) => ok(await auth.login(request.body, clientOf(request)), '登录成功'),
  );

  app.post(
    '/sys/humanProof/slider',
    {
      config: { access: PUBLIC, audit: false, rateLimit: AUTH_RATE_LIMITS.humanProof },
      schema: { tags: ['认证'], summary: '滑块验证通过，换取一次性验证凭证' },
    },
    async (request) => {
      const result: SliderProofResult = { checkKey: await humanProof.issueSlider(request.ip) };
      return ok(result, '验证通过');
    },
  );

  app.get(
    '/sys/randomImage/:key',
    {
      config: { access: PUBLIC, audit: false, rateLimit: AUTH_RATE_LIMITS.humanProof, result: z.string() },
      schema: {
        tags: ['认证'],
        summary: '图形验证码（JeecgBoot）：result 为 data:image/svg+xml;base64 图片，登录时以 captcha + checkKey 提交',
        params: captchaKeyParamsSchema,
      },
    },
    async (request) => ok(await services.captcha.issue(request.params.key, request.ip)),
  );

  app.post(
    '/sys/sms',
    {
      config: { access: PUBLIC, rateLimit: AUTH_RATE_LIMITS.sms },
      schema: { tags: ['认证'], summary: '发送短信验证码', body: smsRequestSchema },
    },
    async (request) => {
      const { mobile, smsmode, captcha, checkKey } = request.body;
      const purpose = smsmode === '0' ? 'login' : smsmode === '1' ? 'register' : 'forget';
      await auth.sendSmsCode({ phone: mobile, purpose, captcha, checkKey }, clientOf(request));
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/sys/phoneLogin',
    {
      config: { access: PUBLIC, audit: false, rateLimit: AUTH_RATE_LIMITS.phoneLogin },
      schema: { tags: ['认证'], summary: '手机验证码登录', body: phoneLoginRequestSchema },
    },
    async (request) => ok(await auth.phoneLogin(request.body, clientOf(request)), '登录成功'),
  );

  app.post(
    '/sys/logout',
    { config: { access: PUBLIC, audit: false }, schema: { tags: ['认证'], summary: '退出登录' } },
    async (request) => {
      // Logout always completes (§4): an already expired token simply has nothing left to revoke.
      const token = readToken(request);
      const current = token ? await sessions.resolve(token).catch(() => null) : null;
      if (token && current) {
        await sessions.revokeToken(token, 'logout');
        await audit.record({
          logType: LOG_TYPE.login,
          logContent: `用户名: ${current.username}, 退出成功`,
          success: true,
          userId: current.userId,
          username: current.username,
          ip: request.ip,
          tenantId: current.sessionTenantId,
        });
      }
      return ok(null, '退出登录成功！');
    },
  );

  app.get(
    '/sys/thirdLogin/getLoginUser/:token/:thirdType',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['认证'],
        summary: '第三方登录换取用户信息',
        params: z.object({ token: z.string().min(1).max(200), thirdType: z.string().min(1).max(32) }),
      },
    },
    async (request) => {
      // The third-party callback issued this token; exchanging it proves nothing more than holding it.
      const session = await sessions.resolve(request.params.token);
      return ok(await auth.resultForSession(request.params.token, session.userId, session.sessionTenantId));
    },
  );

  app.post(
    '/sys/cas/client/validateLogin',
    { config: { access: PUBLIC }, schema: { tags: ['认证'], summary: 'CAS 票据登录', body: casValidateSchema } },
    async (request) => {
      if (!cas) throw badRequest('未配置CAS服务');
      const username = await cas.validate(request.body.ticket, request.body.service).catch((err: unknown) => {
        throw err instanceof CasError ? badRequest(err.message) : badRequest('CAS服务不可用');
      });
      const userId = await services.users.idByUsername(username);
      if (!userId) throw badRequest(`CAS用户 ${username} 在本系统中不存在`);
      return ok(await auth.loginAsUser(userId, 'cas', clientOf(request)), '登录成功');
    },
  );

  app.post(
    '/sys/online/forceLogout',
    {
      config: { access: PERMISSIONS.online.forceLogout, audit: '强制退出用户' },
      schema: { tags: ['认证'], summary: '强制退出', body: forceLogoutSchema },
    },
    async (request) => {
      const done = await sessions.revokeToken(request.body.token, `force logout by ${sessionOf(request).username}`);
      if (!done) throw new ApiError(404, '该会话不存在或已失效');
      // §4: the user's open pages hear it at once (the countdown dialog, then login).
      const sessionId = sessions.idOf(request.body.token);
      if (sessionId) await services.realtime.forceOffline({ sessionIds: [sessionId] }, OFFLINE_TEXT.forced);
      return ok(null, '强制退出成功！');
    },
  );
};
