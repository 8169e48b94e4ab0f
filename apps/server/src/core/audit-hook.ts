import type { FastifyInstance } from 'fastify';
import { type AuditService, LOG_TYPE, redactParams } from '../modules/audit/service.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every write through the API is recorded: who, when, from where, what, and whether it worked. */
export function installAuditHook(app: FastifyInstance, audit: Pick<AuditService, 'record'>): void {
  app.addHook('onResponse', async (request, reply) => {
    const label = request.routeOptions.config.audit;
    if (!WRITE_METHODS.has(request.method) || label === false) return;
    await audit.record({
      logType: LOG_TYPE.operation,
      logContent: label ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
      success: reply.statusCode < 400,
      tenantId: request.session?.tenantId ?? null,
      userId: request.session?.userId ?? null,
      username: request.session?.username ?? null,
      ip: request.ip,
      method: request.method,
      requestUrl: request.url.slice(0, 500),
      requestParam: redactParams(request.body),
      statusCode: reply.statusCode,
      costTime: Math.round(reply.elapsedTime),
    });
  });
}
