import {
  PROCUREMENT_BID_API as API,
  awardLetterIdSchema,
  awardLetterListQuerySchema,
  bidSchema,
  myListQuerySchema,
  PERMISSIONS,
  packageIdQuerySchema,
  signUpSchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../../platform/auth/guard.ts';
import type { BidActor } from './service.ts';

const TAG = '报名与投标';
const S = PERMISSIONS.supplierBid;

const actorOf = (request: FastifyRequest): BidActor => {
  const s = sessionOf(request);
  return { tenantId: s.tenantId, userId: s.userId, username: s.username };
};

/**
 * Sign-ups and sealed bids (issue 14 §5–§6). Supplier routes act only for the caller's own supplier (supplier
 * data isolation: every read and write is filtered by it). Staff routes list a package's sign-ups and bids in
 * their data scope; quotations stay null until the opening (nothing is decrypted for staff before it).
 */
export const bidRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { bids } = services;
  const scopeOf = (request: FastifyRequest) => services.callers(request).scope();

  app.post(
    API.supplierSignUp,
    {
      config: { access: S.signUp, audit: '报名' },
      schema: { tags: [TAG], summary: '供应商报名标包', body: signUpSchema },
    },
    async (request) => ok(await bids.signUp(actorOf(request), request.body.packageId), '报名成功!'),
  );

  app.get(
    API.supplierSignUps,
    { config: { access: S.my }, schema: { tags: [TAG], summary: '本单位的报名', querystring: myListQuerySchema } },
    async (request) => ok(await bids.mySignUps(actorOf(request), request.query)),
  );

  app.post(
    API.supplierBid,
    {
      config: { access: S.bid, audit: '提交投标' },
      schema: {
        tags: [TAG],
        summary: '提交或修改投标（截止前；报价密封保存）',
        description: '报价（或劳务标包的下浮率）以 AES-256-GCM 密封保存，开标前任何工作人员接口均不返回金额。',
        body: bidSchema,
      },
    },
    async (request) => ok(await bids.submit(actorOf(request), request.body), '投标成功!'),
  );

  app.post(
    API.supplierBidWithdraw,
    {
      config: { access: S.bid, audit: '撤回投标' },
      schema: { tags: [TAG], summary: '撤回投标（截止前）', body: packageIdQuerySchema },
    },
    async (request) => {
      await bids.withdraw(actorOf(request), request.body.packageId);
      return ok(null, '撤回成功!');
    },
  );

  app.get(
    API.supplierBids,
    { config: { access: S.my }, schema: { tags: [TAG], summary: '本单位的投标', querystring: myListQuerySchema } },
    async (request) => ok(await bids.myBids(actorOf(request), request.query)),
  );

  app.get(
    API.supplierBidById,
    {
      config: { access: S.bid },
      schema: { tags: [TAG], summary: '本单位在某标包的投标', querystring: packageIdQuerySchema },
    },
    async (request) => ok(await bids.myBid(actorOf(request), request.query.packageId)),
  );

  const staff = PERMISSIONS.purchasePackage.list;
  app.get(
    API.signUpList,
    {
      config: { access: staff },
      schema: { tags: [TAG], summary: '标包的报名供应商', querystring: packageIdQuerySchema },
    },
    async (request) =>
      ok(await bids.signUps(actorOf(request).tenantId, await scopeOf(request), request.query.packageId)),
  );

  app.get(
    API.bidList,
    {
      config: { access: staff },
      schema: { tags: [TAG], summary: '标包的投标（开标前报价密封）', querystring: packageIdQuerySchema },
    },
    async (request) => ok(await bids.bids(actorOf(request).tenantId, await scopeOf(request), request.query.packageId)),
  );

  app.get(
    API.opening,
    { config: { access: staff }, schema: { tags: [TAG], summary: '开标记录', querystring: packageIdQuerySchema } },
    async (request) =>
      ok(await bids.opening(actorOf(request).tenantId, await scopeOf(request), request.query.packageId)),
  );

  const letters = services.awardLetters;
  app.get(
    API.awardLetterList,
    {
      config: { access: PERMISSIONS.purchaseResult.list },
      schema: {
        tags: [TAG],
        summary: '中标/未中标通知书分页列表（数据权限按标包部门）',
        querystring: awardLetterListQuerySchema,
      },
    },
    async (request) => ok(await letters.list(actorOf(request).tenantId, await scopeOf(request), request.query)),
  );

  app.get(
    API.awardLetterQueryById,
    {
      config: { access: PERMISSIONS.purchaseResult.list },
      schema: { tags: [TAG], summary: '通知书详情', querystring: awardLetterIdSchema },
    },
    async (request) => ok(await letters.queryById(actorOf(request).tenantId, await scopeOf(request), request.query.id)),
  );

  app.get(
    API.awardLetterMy,
    { config: { access: S.my }, schema: { tags: [TAG], summary: '本单位的通知书', querystring: myListQuerySchema } },
    async (request) => ok(await letters.my(actorOf(request), request.query)),
  );

  app.get(
    API.awardLetterMyById,
    {
      config: { access: S.my },
      schema: { tags: [TAG], summary: '本单位的一份通知书', querystring: awardLetterIdSchema },
    },
    async (request) => ok(await letters.myById(actorOf(request), request.query.id)),
  );
};
