import {
  devAuthorizeQuerySchema,
  devGrantQuerySchema,
  LOGIN,
  PUBLIC,
  THIRD_LOGIN_API,
  THIRD_LOGIN_MESSAGES,
  THIRD_LOGIN_PROVIDER_NAMES,
  type ThirdLoginProviderDto,
  thirdBindSchema,
  thirdCallbackQuerySchema,
  thirdLoginProviderName,
  thirdRenderQuerySchema,
  thirdTypeParamsSchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, badRequest, ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';
import { BIND_TTL_MS, type ExternalIdentity, issueDevCode, issueState, OAuthError, openState } from './oauth.ts';

const LOGIN_PAGE = '/user/login';
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Third-party and OAuth2-app sign-in (issue 18 §2): render → the provider → callback. A bound identity signs in (the
 * login page exchanges the token through /sys/thirdLogin/getLoginUser); an unbound one comes back with a signed,
 * ten-minute bind key that the user binds after signing in with a password (`/sys/thirdLogin/bind`).
 */
export const thirdLoginRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { oauth, auth } = services;
  const providerOf = (type: string) => {
    const provider = oauth.providers.get(type);
    if (!provider) throw badRequest(THIRD_LOGIN_MESSAGES.unknownProvider);
    return provider;
  };
  const callbackUrl = (request: { protocol: string; host: string }, type: string) =>
    `${request.protocol}://${request.host}/aps/sys/thirdLogin/callback/${type}`;

  // The login page's buttons: the configured providers, the well-known ones first in the order of their names.
  const known = Object.keys(THIRD_LOGIN_PROVIDER_NAMES);
  const rank = (type: string) => (known.includes(type) ? known.indexOf(type) : known.length);
  app.get(
    THIRD_LOGIN_API.providers,
    {
      config: { access: PUBLIC, audit: false },
      schema: { tags: ['认证'], summary: '已配置的第三方登录方式' },
    },
    async () => {
      const list: ThirdLoginProviderDto[] = [...oauth.providers.keys()]
        .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
        .map((type) => ({ type, name: thirdLoginProviderName(type) }));
      return ok(list);
    },
  );

  app.get(
    `${THIRD_LOGIN_API.render}/:type`,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['认证'],
        summary: '第三方登录：跳转到第三方授权页',
        params: thirdTypeParamsSchema,
        querystring: thirdRenderQuerySchema,
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.type);
      const state = issueState(oauth.seal, provider.type, request.query.redirect);
      return reply.redirect(provider.authorizeUrl(state, callbackUrl(request, provider.type)));
    },
  );

  app.get(
    '/sys/thirdLogin/callback/:type',
    {
      config: { access: PUBLIC, audit: false },
      schema: {
        tags: ['认证'],
        summary: '第三方登录回调：换取第三方身份，已绑定则登录',
        params: thirdTypeParamsSchema,
        querystring: thirdCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.type);
      const state = openState(oauth.seal, provider.type, request.query.state);
      if (!state) throw badRequest(THIRD_LOGIN_MESSAGES.badState);
      const identity = await provider
        .exchange(request.query.code, callbackUrl(request, provider.type))
        .catch((err: unknown) => {
          throw badRequest(err instanceof OAuthError ? err.message : '第三方服务不可用');
        });
      const userId = await oauth.accounts.userOf(provider.type, identity.externalId);
      const back = new URLSearchParams({ thirdType: provider.type });
      if (userId) {
        const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
        const result = await auth.loginAsUser(userId, `third:${provider.type}`, client);
        back.set('thirdToken', result.token);
      } else {
        back.set('thirdBind', oauth.seal.seal('bind', { type: provider.type, identity }, BIND_TTL_MS));
      }
      if (state.redirect) back.set('redirect', state.redirect);
      return reply.redirect(`${LOGIN_PAGE}?${back}`);
    },
  );

  app.post(
    THIRD_LOGIN_API.bind,
    {
      config: { access: LOGIN, audit: '绑定第三方账号' },
      schema: { tags: ['认证'], summary: '把第三方身份绑定到当前用户', body: thirdBindSchema },
    },
    async (request) => {
      const bind = oauth.seal.open<{ type: string; identity: ExternalIdentity }>('bind', request.body.bindKey);
      if (!bind) throw badRequest(THIRD_LOGIN_MESSAGES.badBindKey);
      if (!(await oauth.accounts.bind(sessionOf(request).userId, bind.type, bind.identity))) {
        throw new ApiError(409, THIRD_LOGIN_MESSAGES.boundToOther);
      }
      return ok(null, '绑定成功');
    },
  );

  if (!oauth.devEnabled) return;

  // The development provider's authorise page (never in production): name the external user, get a code back.
  app.get(
    '/sys/thirdLogin/dev/authorize',
    {
      config: { access: PUBLIC, audit: false },
      schema: {
        tags: ['认证'],
        summary: '开发用第三方授权页（仅开发/测试环境）',
        querystring: devAuthorizeQuerySchema,
      },
    },
    async (request, reply) => {
      const { state, redirect_uri } = request.query;
      const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>开发用第三方授权</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:64px auto">
<h1 style="font-size:20px">开发用第三方授权</h1>
<p>仅开发与测试环境：输入第三方账号，模拟第三方平台授权。</p>
<form method="get" action="/aps/sys/thirdLogin/dev/grant">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(redirect_uri)}">
<p><label>第三方账号 <input name="externalId" required maxlength="64"></label></p>
<p><label>昵称 <input name="name" maxlength="50"></label></p>
<button type="submit">授权</button>
</form></body></html>`;
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.get(
    '/sys/thirdLogin/dev/grant',
    {
      config: { access: PUBLIC, audit: false },
      schema: {
        tags: ['认证'],
        summary: '开发用第三方授权：返回授权码（仅开发/测试环境）',
        querystring: devGrantQuerySchema,
      },
    },
    async (request, reply) => {
      const { state, redirect_uri, externalId, name } = request.query;
      // Only back to our own callback: the dev page must not be an open redirect.
      const own = new URL(`${request.protocol}://${request.host}`);
      const target = new URL(redirect_uri, own);
      if (target.host !== own.host || !target.pathname.startsWith('/aps/sys/thirdLogin/callback/')) {
        throw badRequest('回调地址无效');
      }
      const code = issueDevCode(oauth.seal, { externalId, name: name || null });
      target.searchParams.set('code', code);
      target.searchParams.set('state', state);
      return reply.redirect(`${target.pathname}${target.search}`);
    },
  );
};
