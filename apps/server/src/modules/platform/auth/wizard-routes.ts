import {
  ACCOUNT_WIZARD_API as API,
  accountCodeSchema,
  accountVerifySchema,
  alterConfirmSchema,
  alterNewCodeSchema,
  alterVerifySchema,
  forgetResetSchema,
  WIZARD_MESSAGES as M,
  PUBLIC,
  userRegisterSchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { AUTH_RATE_LIMITS, registerRateLimit } from './throttle.ts';

/**
 * The account wizards of §1 (issue 18 §1), public: 注册, 忘记密码, 修改手机号/邮箱. A code is sent only with a human
 * proof; the wizards' first verification returns a short-lived ticket that the next steps present.
 */
export const accountWizardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { accountWizards: wizards } = services;
  await registerRateLimit(app, services.throttle);
  const tags = ['账号向导'];
  const send = { access: PUBLIC, audit: false, rateLimit: AUTH_RATE_LIMITS.sms } as const;
  const check = { access: PUBLIC, audit: false, rateLimit: AUTH_RATE_LIMITS.phoneLogin } as const;

  app.post(
    API.register,
    {
      config: { access: PUBLIC, rateLimit: AUTH_RATE_LIMITS.phoneLogin },
      schema: { tags, summary: '用户注册', body: userRegisterSchema },
    },
    async (request) => ok(await wizards.register(request.body), M.registered),
  );

  app.post(
    API.forgetCode,
    { config: send, schema: { tags, summary: '找回密码：向账号绑定手机发送验证码', body: accountCodeSchema } },
    async (request) => {
      await wizards.sendAccountCode('forget', request.body, request);
      return ok(null, M.codeSentIfKnown);
    },
  );
  app.post(
    API.forgetVerify,
    { config: check, schema: { tags, summary: '找回密码：校验验证码', body: accountVerifySchema } },
    async (request) => ok(await wizards.verifyAccountCode('forget', request.body)),
  );
  app.post(
    API.forgetReset,
    { config: { access: PUBLIC }, schema: { tags, summary: '找回密码：设置新密码', body: forgetResetSchema } },
    async (request) => {
      await wizards.resetPassword(request.body);
      return ok(null, M.passwordReset);
    },
  );

  app.post(
    API.alterCode,
    { config: send, schema: { tags, summary: '变更手机号/邮箱：向原手机发送验证码', body: accountCodeSchema } },
    async (request) => {
      await wizards.sendAccountCode('alter', request.body, request);
      return ok(null, M.codeSentIfKnown);
    },
  );
  app.post(
    API.alterVerify,
    {
      config: check,
      schema: { tags, summary: '变更手机号/邮箱：验证身份（原手机验证码或密码）', body: alterVerifySchema },
    },
    async (request) => ok(await wizards.verifyForAlteration(request.body)),
  );
  app.post(
    API.alterNewCode,
    {
      config: send,
      schema: { tags, summary: '变更手机号/邮箱：向新手机号或邮箱发送验证码', body: alterNewCodeSchema },
    },
    async (request) => {
      await wizards.sendNewTargetCode(request.body, request);
      return ok(null, M.codeSent);
    },
  );
  app.post(
    API.alterConfirm,
    {
      config: { access: PUBLIC },
      schema: { tags, summary: '变更手机号/邮箱：校验新验证码并保存', body: alterConfirmSchema },
    },
    async (request) => {
      await wizards.confirmAlteration(request.body);
      return ok(null, M.altered);
    },
  );
};
