import fs from 'node:fs';
import path from 'node:path';
import { API_BASE, MESSAGES } from '@aps/shared';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import type { AppConfig } from './config.ts';
import { requireAccessDeclarations } from './core/access.ts';
import { installAuditHook } from './core/audit-hook.ts';
import { fail } from './core/envelope.ts';
import { installErrorHandling } from './core/errors.ts';
import { installInputHygiene } from './core/input-hygiene.ts';
import { listenForTableChanges } from './core/list-cache.ts';
import { installLowAppHeader } from './core/low-app.ts';
import { openApiTransform } from './core/openapi.ts';
import { allowedMethodsOf, protocolOptions } from './core/protocol.ts';
import { memoisingValidatorCompiler } from './core/query-validation.ts';
import { requestScopedDb } from './core/request-transaction.ts';
import type { Db } from './db/client.ts';
import { thirdLoginRoutes } from './modules/platform/account/oauth-routes.ts';
import { accountRoutes } from './modules/platform/account/routes.ts';
import { announcementAdminRoutes } from './modules/platform/announcement/admin-routes.ts';
import { announcementRoutes } from './modules/platform/announcement/routes.ts';
import { installAccessGuard } from './modules/platform/auth/guard.ts';
import { authRoutes } from './modules/platform/auth/routes.ts';
import { accountWizardRoutes } from './modules/platform/auth/wizard-routes.ts';
import { categoryRoutes } from './modules/platform/category/routes.ts';
import { demoRequestRoutes } from './modules/platform/demo-request/routes.ts';
import { departRoutes } from './modules/platform/depart/routes.ts';
import { dictRoutes } from './modules/platform/dict/routes.ts';
import { duplicateRoutes } from './modules/platform/duplicate/routes.ts';
import { excelRoutes } from './modules/platform/excel/routes.ts';
import { fileRoutes } from './modules/platform/file/routes.ts';
import { gatewayRoutes } from './modules/platform/gateway/routes.ts';
import { healthRoutes } from './modules/platform/health/routes.ts';
import { logRoutes } from './modules/platform/log/routes.ts';
import { onlineRoutes } from './modules/platform/online/routes.ts';
import { permissionRoutes } from './modules/platform/permission/routes.ts';
import { positionRoutes } from './modules/platform/position/routes.ts';
import { qaRoutes } from './modules/platform/qa/routes.ts';
import { quartzRoutes } from './modules/platform/quartz/routes.ts';
import { realtimeRoutes } from './modules/platform/realtime/routes.ts';
import { reportRoutes } from './modules/platform/report/routes.ts';
import { roleRoutes } from './modules/platform/role/routes.ts';
import { ruleRoutes } from './modules/platform/rule/routes.ts';
import { superQueryRoutes } from './modules/platform/super-query/routes.ts';
import { tenantRoutes } from './modules/platform/tenant/routes.ts';
import { testingRoutes } from './modules/platform/testing/routes.ts';
import { userRoutes } from './modules/platform/user/routes.ts';
import { workflowRoutes } from './modules/platform/workflow/routes.ts';
import { bidRoutes } from './modules/procurement/bid/routes.ts';
import { contractRoutes } from './modules/procurement/contract/routes.ts';
import { procurementDashboardRoutes } from './modules/procurement/dashboard/routes.ts';
import { expertRoutes } from './modules/procurement/expert/routes.ts';
import { procurementListRoutes } from './modules/procurement/lists/routes.ts';
import { noticeRoutes } from './modules/procurement/notice/routes.ts';
import { purchasePlanRoutes } from './modules/procurement/plan/routes.ts';
import { purchaseProjectRoutes } from './modules/procurement/project/routes.ts';
import { purchaseRoutes } from './modules/procurement/purchase/routes.ts';
import { reviewClarifyRoutes } from './modules/procurement/review/clarify-routes.ts';
import { reviewDrawRoutes } from './modules/procurement/review/draw-routes.ts';
import { reviewResultRoutes } from './modules/procurement/review/result-routes.ts';
import { reviewScoringRoutes } from './modules/procurement/review/scoring-routes.ts';
import { reviewSignRoutes } from './modules/procurement/review/sign-routes.ts';
import { reviewTaskRoutes } from './modules/procurement/review/task-routes.ts';
import { reviewVoteRoutes } from './modules/procurement/review/vote-routes.ts';
import { settlementRoutes } from './modules/procurement/settlement/routes.ts';
import { supplierRoutes } from './modules/procurement/supplier/routes.ts';
import { supplierStandingRoutes } from './modules/procurement/supplier/standing-routes.ts';
import { recordHistoryRoutes } from './modules/supervision/history/routes.ts';
import { inspectionRoutes } from './modules/supervision/inspection/routes.ts';
import { supervisionMonitorRoutes } from './modules/supervision/monitor/routes.ts';
import { rectificationRoutes } from './modules/supervision/rectification/routes.ts';
import { workOrderRoutes } from './modules/supervision/workorder/routes.ts';
import { createServices, type Services } from './services.ts';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** Every route registered under /aps, for the access-declaration check. */
  apiRoutes: RouteOptions[];
}

/** The API modules, in one list: adding a module means adding it here. */
const API_MODULES = [
  healthRoutes,
  authRoutes,
  accountWizardRoutes,
  userRoutes,
  permissionRoutes,
  dictRoutes,
  announcementRoutes,
  purchaseRoutes,
  purchasePlanRoutes,
  purchaseProjectRoutes,
  procurementDashboardRoutes,
  procurementListRoutes,
  reviewTaskRoutes,
  reviewVoteRoutes,
  reviewScoringRoutes,
  reviewResultRoutes,
  reviewSignRoutes,
  reviewClarifyRoutes,
  noticeRoutes,
  bidRoutes,
  reviewDrawRoutes,
  qaRoutes,
  superQueryRoutes,
  excelRoutes,
  roleRoutes,
  departRoutes,
  onlineRoutes,
  accountRoutes,
  thirdLoginRoutes,
  announcementAdminRoutes,
  categoryRoutes,
  logRoutes,
  tenantRoutes,
  positionRoutes,
  gatewayRoutes,
  ruleRoutes,
  duplicateRoutes,
  quartzRoutes,
  fileRoutes,
  reportRoutes,
  workflowRoutes,
  demoRequestRoutes,
  expertRoutes,
  supplierRoutes,
  supplierStandingRoutes,
  contractRoutes,
  settlementRoutes,
  realtimeRoutes,
  recordHistoryRoutes,
  workOrderRoutes,
  supervisionMonitorRoutes,
  inspectionRoutes,
  rectificationRoutes,
] as const;

export async function buildApp({ config, db }: { config: AppConfig; db: Db }): Promise<BuiltApp> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 20 * 1024 * 1024,
    ...protocolOptions(config.requestTimeoutMs),
    // Per-request lines only at debug level: at info they cost a third of a list call's time.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
  });
  app.setValidatorCompiler(memoisingValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installInputHygiene(app);

  await app.register(swagger, {
    openapi: { info: { title: 'APS 全流程数字化采购平台 API', version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs` });

  // Services see the transaction of the write request under way (core/request-transaction.ts).
  const services = createServices({ db: requestScopedDb(db), config, log: app.log });
  app.addHook('onClose', () => services.invalidation.close());
  app.addHook('onClose', () => services.realtime.bus.close());
  // §4 push channels (modules/platform/realtime): small messages only; the routes are declared like any other.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // The list fast path (core/list-cache.ts): other writers' changes arrive by LISTEN on a connection of its own.
  const pool = (db as Db & { $client: pg.Pool }).$client;
  const stopListening = listenForTableChanges(
    () => new pg.Client(pool.options),
    (message, err) => app.log.warn({ err }, message),
  );
  app.addHook('onClose', () => stopListening());
  const apiRoutes: RouteOptions[] = [];
  await app.register(
    async (api) => {
      requireAccessDeclarations(api, apiRoutes);
      // A malformed app id is refused before the session is even looked at.
      installLowAppHeader(api);
      installAccessGuard(api, services);
      installAuditHook(api, { db, audit: services.audit });
      const allowedMethods = allowedMethodsOf(apiRoutes);
      api.setNotFoundHandler((request, reply) => {
        const allowed = allowedMethods(request.method, request.url);
        if (allowed.length === 0) return reply.status(404).send(fail(404, MESSAGES.notFound));
        return reply.header('Allow', allowed.join(', ')).status(405).send(fail(405, MESSAGES.methodNotAllowed));
      });
      for (const module of API_MODULES) await api.register(module, { services });
      if (config.testRoutes) await api.register(testingRoutes);
    },
    { prefix: API_BASE },
  );

  registerWebApp(app, config.webDist);
  return { app, services, apiRoutes };
}

/**
 * Pages the web build pre-rendered (scripts/prerender-pages.ts writes `prerendered/<url path>.html`): URL path → file
 * under webDist, read once at start, so a request path is only ever looked up, never joined into a file path.
 */
function prerenderedPages(webDist: string): Map<string, string> {
  const dir = path.join(webDist, 'prerendered');
  const pages = new Map<string, string>();
  if (!fs.existsSync(dir)) return pages;
  for (const entry of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.html')) continue;
    const urlPath = `/${entry.slice(0, -'.html'.length).split(path.sep).join('/')}`;
    pages.set(urlPath, path.posix.join('prerendered', entry.split(path.sep).join('/')));
  }
  return pages;
}

/**
 * Serves the built web app at / with history-mode fallback to index.html; a path the build pre-rendered (the login
 * page) gets its own HTML, which shows the page with the first paint.
 */
function registerWebApp(app: FastifyInstance, webDist: string): void {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  const pages = hasWeb ? prerenderedPages(webDist) : new Map<string, string>();
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // scripts/precompress.ts writes .br/.gz next to each asset at build time.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so assets never change under the same URL.
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.header('X-Content-Type-Options', 'nosniff');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith(`${API_BASE}/`);
    const pathname = request.url.split('?')[0] ?? '';
    if (hasWeb && isPage && !path.extname(pathname)) {
      return reply.header('Cache-Control', 'no-cache').sendFile(pages.get(pathname) ?? 'index.html');
    }
    return reply.status(404).send(fail(404, MESSAGES.notFound));
  });
}
